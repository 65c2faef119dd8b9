import { describe, expect, it } from "vitest";
import { fromSavedLines, savedKey, toSavedLines } from "@/stores/cart-sync-rules";
import type { CartItem } from "@/stores/cart-rules";

const guarana: CartItem = { id: 1, name: "Guaraná", priceCents: 250, image: "/g.webp", quantity: 2, stock: 9 };

describe("cart sync rules", () => {
  it("sends at most 50 lines of at most 99 units", () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ ...guarana, id: i + 1, quantity: 500 }));
    const lines = toSavedLines(many);
    expect(lines).toHaveLength(50);
    expect(lines[0]).toEqual({ productId: 1n, quantity: 99 });
  });

  it("takes the server's cart, keeping what the browser knew of each product", () => {
    const merged = fromSavedLines([guarana], [
      { productId: 7n, quantity: 1 },
      { productId: 1n, quantity: 5 },
    ]);
    expect(merged).toEqual([
      { id: 7, name: "", priceCents: 0, image: "", quantity: 1 },
      { ...guarana, quantity: 5 },
    ]);
  });

  it("compares carts by products and quantities", () => {
    expect(savedKey(toSavedLines([guarana]))).toBe(savedKey([{ productId: 1n, quantity: 2 }]));
    expect(savedKey(toSavedLines([guarana]))).not.toBe(savedKey([{ productId: 1n, quantity: 3 }]));
  });
});
