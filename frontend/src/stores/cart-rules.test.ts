import { describe, expect, it } from "vitest";
import { addItem, canIncrease, itemCount, parseCart, removeItem, setQuantity, type CartItem } from "@/stores/cart-rules";

const guarana = { id: 1001, name: "Guaraná Antarctica", priceCents: 250, image: "/images/1001.svg", stock: 5 };
const farofa = { id: 1002, name: "Farofa", priceCents: 399, image: "", stock: undefined };

describe("addItem", () => {
  const cases: {
    name: string;
    items: CartItem[];
    item: Omit<CartItem, "quantity">;
    qty?: number;
    want: { ok: boolean; quantity?: number; stock?: number; inCart?: number };
  }[] = [
    { name: "new item defaults to one unit", items: [], item: guarana, want: { ok: true, quantity: 1 } },
    { name: "quantity below one counts as one", items: [], item: guarana, qty: 0, want: { ok: true, quantity: 1 } },
    { name: "present item grows", items: [{ ...guarana, quantity: 2 }], item: guarana, qty: 2, want: { ok: true, quantity: 4 } },
    { name: "exactly the stock is allowed", items: [{ ...guarana, quantity: 3 }], item: guarana, qty: 2, want: { ok: true, quantity: 5 } },
    {
      name: "beyond the stock is refused with stock and cart quantity",
      items: [{ ...guarana, quantity: 3 }],
      item: guarana,
      qty: 3,
      want: { ok: false, stock: 5, inCart: 3 },
    },
    { name: "a single add beyond stock is refused", items: [], item: guarana, qty: 6, want: { ok: false, stock: 5, inCart: 0 } },
    { name: "unknown stock has no limit", items: [{ ...farofa, quantity: 50 }], item: farofa, qty: 50, want: { ok: true, quantity: 100 } },
  ];
  it.each(cases)("$name", ({ items, item, qty, want }) => {
    const got = addItem(items, item, qty);
    expect(got.ok).toBe(want.ok);
    if (got.ok) expect(got.items.find((i) => i.id === item.id)?.quantity).toBe(want.quantity);
    else expect(got).toEqual({ ok: false, stock: want.stock, inCart: want.inCart });
  });

  it("never changes the list it was given", () => {
    const items: CartItem[] = [{ ...guarana, quantity: 1 }];
    addItem(items, guarana, 1);
    expect(items[0].quantity).toBe(1);
  });
});

describe("setQuantity and removeItem", () => {
  const items: CartItem[] = [
    { ...guarana, quantity: 2 },
    { ...farofa, quantity: 1 },
  ];
  it.each([
    { q: 3, want: [3, 1] },
    { q: 0, want: [1] },
    { q: -2, want: [1] },
  ])("setting $q leaves $want", ({ q, want }) => {
    expect(setQuantity(items, 1001, q).map((i) => i.quantity)).toEqual(want);
  });
  it("removes a product", () => {
    expect(removeItem(items, 1002).map((i) => i.id)).toEqual([1001]);
  });
  it("counts units", () => {
    expect(itemCount(items)).toBe(3);
  });
});

describe("canIncrease", () => {
  it.each([
    { chosen: 1, inCart: 0, stock: 5, want: true },
    { chosen: 4, inCart: 0, stock: 5, want: true },
    { chosen: 5, inCart: 0, stock: 5, want: false },
    { chosen: 2, inCart: 3, stock: 5, want: false },
    { chosen: 99, inCart: 99, stock: undefined, want: true },
  ])("chosen $chosen + cart $inCart vs stock $stock → $want", ({ chosen, inCart, stock, want }) => {
    expect(canIncrease(chosen, inCart, stock)).toBe(want);
  });
});

describe("parseCart", () => {
  it("keeps well-formed lines and drops the rest", () => {
    const stored = [
      { ...guarana, quantity: 2 },
      { id: "x", name: 1 },
      { ...farofa, quantity: 0 },
      null,
      { id: 7, name: "Sem imagem", priceCents: 100, quantity: 1 },
    ];
    expect(parseCart(stored)).toEqual([
      { ...guarana, quantity: 2 },
      { id: 7, name: "Sem imagem", priceCents: 100, quantity: 1, image: "" },
    ]);
  });
  it("treats anything but a list as empty", () => {
    expect(parseCart({ cart: [] })).toEqual([]);
    expect(parseCart(undefined)).toEqual([]);
  });
});
