import { rpc } from "./browser";

interface PricedLine {
  productId: string;
  name: string;
  unitPriceCents: string;
  vatBasisPoints: number;
  availableStock: number;
  ageRestricted?: boolean;
  coldChain?: boolean;
}

/**
 * fortyEuroCart finds, among the shop's products as ValidateCart prices
 * them, a product at a reduced VAT rate and one at 21 % whose quantities
 * make exactly 40 € of goods (the closest above 40 € if none does).
 */
export async function fortyEuroCart() {
  const res = await rpc<{ products: { id: string; stock: number }[] }>("CatalogService", "ListProducts", { page: 1, pageSize: 100 });
  const ids = res.products.filter((p) => p.stock >= 5).map((p) => ({ productId: p.id, quantity: 1 }));
  const priced = await rpc<{ lines: PricedLine[] }>("CartService", "ValidateCart", { lines: ids.slice(0, 100) });
  const usable = priced.lines.filter((l) => !l.ageRestricted && !l.coldChain && l.availableStock >= 5 && Number(l.unitPriceCents) > 0);
  const reduced = usable.filter((l) => (l.vatBasisPoints ?? 0) < 2100);
  const general = usable.filter((l) => l.vatBasisPoints === 2100);
  let best: { a: PricedLine; qa: number; b: PricedLine; qb: number; total: number } | undefined;
  for (const a of reduced)
    for (const b of general)
      for (let qa = 1; qa <= 5; qa++)
        for (let qb = 1; qb <= 5; qb++) {
          const total = qa * Number(a.unitPriceCents) + qb * Number(b.unitPriceCents);
          if (total >= 4000 && (!best || total < best.total)) best = { a, qa, b, qb, total };
        }
  if (!best) throw new Error("no two products make a 40 € cart");
  return [
    { id: Number(best.a.productId), name: best.a.name, priceCents: Number(best.a.unitPriceCents), image: "", stock: best.a.availableStock, quantity: best.qa },
    { id: Number(best.b.productId), name: best.b.name, priceCents: Number(best.b.unitPriceCents), image: "", stock: best.b.availableStock, quantity: best.qb },
  ];
}
