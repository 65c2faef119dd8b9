// Pure rules of the cart kept on the server for a signed-in shopper
// (AccountService.SyncMyCart), apart from React so they are easy to test.
import type { CartItem } from "@/stores/cart-rules";

/** SavedLine is a cart line as the server keeps it. */
export interface SavedLine {
  productId: bigint;
  quantity: number;
}

/** maxSavedLines and maxSavedQuantity are the server's bounds of a kept cart. */
export const maxSavedLines = 50;
export const maxSavedQuantity = 99;

/** toSavedLines is the cart as the server keeps it: at most 50 lines of at most 99 units. */
export function toSavedLines(items: CartItem[]): SavedLine[] {
  return items
    .filter((i) => i.id > 0 && i.quantity > 0)
    .slice(0, maxSavedLines)
    .map((i) => ({ productId: BigInt(i.id), quantity: Math.min(i.quantity, maxSavedQuantity) }));
}

/** savedKey says whether two carts are the same for the server: products and quantities, in order. */
export function savedKey(lines: SavedLine[]): string {
  return lines.map((l) => `${l.productId}x${l.quantity}`).join(",");
}

/**
 * fromSavedLines is the browser's cart after the server answered: the
 * server's lines in its order, each with what the browser knew of the
 * product (name, price, image, stock) and the server's quantity. A product
 * only the server knew (added on another device) comes with its id alone;
 * the cart page reads its name, image and price from the server.
 */
export function fromSavedLines(items: CartItem[], lines: SavedLine[]): CartItem[] {
  const known = new Map(items.map((i) => [i.id, i]));
  return lines.map((l) => {
    const id = Number(l.productId);
    const item = known.get(id);
    return item ? { ...item, quantity: l.quantity } : { id, name: "", priceCents: 0, image: "", quantity: l.quantity };
  });
}
