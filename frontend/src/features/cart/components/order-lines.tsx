import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ReducedPrice } from "@/components/ui/reduced-price";
import { ProductImage } from "@/components/ui/product-image";
import { CartProblems, problemFromReason } from "@/features/cart/components/cart-problems";
import { PastBestBefore } from "@/components/ui/past-best-before";
import type { LineProblem } from "@/features/cart/api/place-order";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import type { CartItem } from "@/stores/cart-rules";

/**
 * OrderLines lists the lines with their server prices, the past
 * best-before label and any problems.
 */
export function OrderLines({
  items,
  priced,
  problems = [],
}: {
  items: CartItem[];
  priced?: ValidateCartResponse;
  problems?: LineProblem[];
}) {
  const { t } = useTranslation("cart");
  return (
    <ul className="divide-y divide-stone-200" aria-label={t("lines")}>
      {items.map((item) => {
        const line = priced?.lines.find((l) => Number(l.productId) === item.id);
        const unit = line && line.unitPriceCents > 0n ? Number(line.unitPriceCents) : item.priceCents;
        const serverProblems = problems.filter((p) => p.productId === item.id);
        return (
          <li key={item.id} className="flex gap-3 py-3">
            <ProductImage src={line?.imageUrl || item.image} alt="" className="h-14 w-14 shrink-0 rounded" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{line?.name || item.name}</p>
              <p className="text-sm text-stone-700">
                {item.quantity} ×{" "}
                <ReducedPrice
                  cents={unit}
                  referenceCents={line?.referenceUnitPriceCents ?? 0}
                  label={line?.promotionLabel ?? ""}
                  referenceClassName="text-stone-600"
                />
              </p>
              <PastBestBefore date={line?.pastBestBefore ?? ""} compact />
              <CartProblems problems={line?.problems ?? []} available={line?.availableStock ?? 0} />
              {serverProblems.map((p) => (
                <CartProblems key={p.reason} problems={[problemFromReason(p.reason)]} available={p.available ?? 0} />
              ))}
            </div>
            <Price cents={line && line.lineTotalCents > 0n ? line.lineTotalCents : unit * item.quantity} className="font-semibold" />
          </li>
        );
      })}
    </ul>
  );
}
