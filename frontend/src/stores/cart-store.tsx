import { createContext, use, useCallback, useMemo, type ReactNode } from "react";
import {
  addItem,
  itemCount,
  parseCart,
  removeItem,
  setQuantity,
  type AddResult,
  type CartItem,
} from "@/stores/cart-rules";
import { useLocalStorageState } from "@/stores/use-local-storage-state";

interface CartContextValue {
  items: CartItem[];
  count: number;
  add: (item: Omit<CartItem, "quantity">, quantity?: number) => AddResult;
  setQuantity: (id: number, quantity: number) => void;
  remove: (id: number) => void;
  clear: () => void;
  /** replace takes a whole cart: the server's, merged at sign-in. */
  replace: (items: CartItem[]) => void;
}

const CartContext = createContext<CartContextValue | null>(null);

/** CartProvider keeps the shopper's cart in local storage under `cart`. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [items, update] = useLocalStorageState("cart", parseCart);

  const add = useCallback(
    (item: Omit<CartItem, "quantity">, quantity = 1): AddResult => {
      const result = addItem(items, item, quantity);
      if (result.ok) update(() => result.items);
      return result;
    },
    [items, update],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      count: itemCount(items),
      add,
      setQuantity: (id, q) => update((prev) => setQuantity(prev, id, q)),
      remove: (id) => update((prev) => removeItem(prev, id)),
      clear: () => update(() => []),
      replace: (next) => update(() => next),
    }),
    [items, add, update],
  );
  return <CartContext value={value}>{children}</CartContext>;
}

/** useCart reads the cart; it throws outside CartProvider. */
export function useCart(): CartContextValue {
  const ctx = use(CartContext);
  if (!ctx) throw new Error("useCart must be used inside CartProvider");
  return ctx;
}
