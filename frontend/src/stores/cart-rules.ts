// Pure cart rules, kept apart from React so they are easy to test.

/** CartItem is a cart line as the browser keeps it under the `cart` key. */
export interface CartItem {
  id: number;
  name: string;
  /** priceCents is the price seen when adding; the server reprices at checkout. */
  priceCents: number;
  image: string;
  quantity: number;
  /** stock is the stock seen when adding; undefined when unknown. */
  stock?: number;
}

/** AddResult says whether an add went through or broke the stock rule. */
export type AddResult =
  | { ok: true; items: CartItem[] }
  | { ok: false; stock: number; inCart: number };

/** quantityInCart is how many units of a product the cart holds. */
export function quantityInCart(items: CartItem[], id: number): number {
  return items.find((i) => i.id === id)?.quantity ?? 0;
}

/**
 * addItem adds quantity units (at least 1) of a product. An item already in
 * the cart grows; when the stock is known, the new total may not exceed it.
 */
export function addItem(items: CartItem[], item: Omit<CartItem, "quantity">, quantity = 1): AddResult {
  const qty = Math.max(1, Math.floor(quantity) || 1);
  const inCart = quantityInCart(items, item.id);
  if (item.stock !== undefined && qty + inCart > item.stock) {
    return { ok: false, stock: item.stock, inCart };
  }
  if (inCart > 0) {
    return {
      ok: true,
      items: items.map((i) => (i.id === item.id ? { ...i, ...item, quantity: inCart + qty } : i)),
    };
  }
  return { ok: true, items: [...items, { ...item, quantity: qty }] };
}

/** setQuantity sets a line's quantity; zero or less removes the line. */
export function setQuantity(items: CartItem[], id: number, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, id);
  return items.map((i) => (i.id === id ? { ...i, quantity: Math.floor(quantity) } : i));
}

/** removeItem drops a product from the cart. */
export function removeItem(items: CartItem[], id: number): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** itemCount is the number of units in the cart, for the header badge. */
export function itemCount(items: CartItem[]): number {
  return items.reduce((n, i) => n + i.quantity, 0);
}

/**
 * canIncrease says whether the quantity selector may go one higher: the
 * chosen quantity plus what the cart already holds must stay within stock.
 */
export function canIncrease(chosen: number, inCart: number, stock?: number): boolean {
  return stock === undefined || chosen + inCart < stock;
}

function isCartItem(v: unknown): v is CartItem {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.id === "number" &&
    typeof o.name === "string" &&
    typeof o.priceCents === "number" &&
    typeof o.quantity === "number" &&
    o.quantity > 0 &&
    (o.stock === undefined || typeof o.stock === "number")
  );
}

/** parseCart keeps the well-formed lines of a stored cart. */
export function parseCart(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isCartItem).map((i) => ({ ...i, image: typeof i.image === "string" ? i.image : "" }));
}
