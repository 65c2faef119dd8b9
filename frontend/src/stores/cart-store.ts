import { useCallback, useMemo } from "react";
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

interface CartValue {
  items: CartItem[];
  count: number;
  add: (item: Omit<CartItem, "quantity">, quantity?: number) => AddResult;
  setQuantity: (id: number, quantity: number) => void;
  remove: (id: number) => void;
  clear: () => void;
  /** replace takes a whole cart: the server's, merged at sign-in. */
  replace: (items: CartItem[]) => void;
}

/**
 * useCart is the shopper's cart, kept in local storage under `cart`; each
 * reader follows it on its own (use-local-storage-state.ts).
 */
export function useCart(): CartValue {
  const [items, update] = useLocalStorageState("cart", parseCart);

  const add = useCallback(
    (item: Omit<CartItem, "quantity">, quantity = 1): AddResult => {
      const result = addItem(items, item, quantity);
      if (result.ok) update(() => result.items);
      return result;
    },
    [items, update],
  );

  return useMemo<CartValue>(
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
}
