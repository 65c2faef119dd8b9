import { useMutation } from "@connectrpc/connect-query";
import { useEffect, useRef } from "react";
import { useSession } from "@/hooks/use-session";
import { readString, writeString } from "@/lib/storage";
import { useCart } from "@/stores/cart-store";
import { fromSavedLines, savedKey, toSavedLines } from "@/stores/cart-sync-rules";
import { AccountService } from "@gen/sabores/v1/account_service_pb";

/**
 * mergedKey remembers, per browser, the shopper whose sign-in merged the
 * carts: a page load after that sends the browser's cart as it is, rather
 * than merging the server's into it again.
 */
const mergedKey = "cartMergedFor";

/** syncDelay is how long the cart rests before a change is sent: one call for a burst of clicks. */
const syncDelay = 800;

/**
 * SyncCart keeps a signed-in shopper's cart on the server too: at sign-in
 * the browser's cart is merged with the one kept there and the browser
 * takes the result; after that each change is sent. A failure is logged
 * and the next change tries again; the browser's cart is never lost.
 */
export function SyncCart() {
  const { user, resolved } = useSession();
  const { items, replace } = useCart();
  const { mutate } = useMutation(AccountService.method.syncMyCart);
  const merged = useRef<bigint | undefined>(undefined);
  const sent = useRef<string | undefined>(undefined);
  // The cart as it is when the merge answers, not as it was when asked: a
  // product added while the answer travelled stays in it.
  const latest = useRef(items);
  const userId = user?.id;
  useEffect(() => {
    latest.current = items;
    if (userId === undefined) {
      merged.current = sent.current = undefined;
      // Signed out: the next sign-in merges again.
      if (resolved) writeString(localStorage, mergedKey, "");
      return;
    }
    const lines = toSavedLines(items);
    if (merged.current !== userId && readString(localStorage, mergedKey) === String(userId)) {
      // Merged at this sign-in already: from here the browser's cart is sent.
      merged.current = userId;
      sent.current = "unsent";
    }
    if (merged.current !== userId) {
      merged.current = userId;
      mutate(
        { lines, merge: true },
        {
          onSuccess: (res) => {
            writeString(localStorage, mergedKey, String(userId));
            sent.current = savedKey(res.lines);
            const now = latest.current;
            const answered = new Set(res.lines.map((l) => Number(l.productId)));
            const merged = [...fromSavedLines(now, res.lines), ...now.filter((i) => !answered.has(i.id))];
            if (savedKey(toSavedLines(merged)) !== savedKey(toSavedLines(now))) replace(merged);
          },
          onError: (err) => {
            console.warn("cart: cannot merge with the saved cart", err);
            // The next change of the cart tries the merge again.
            merged.current = undefined;
          },
        },
      );
      return;
    }
    if (sent.current === undefined || savedKey(lines) === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = savedKey(lines);
      mutate(
        { lines, merge: false },
        {
          onError: (err) => {
            console.warn("cart: cannot save the cart", err);
            // Not "": that is the empty cart, which must still be sent.
            sent.current = "unsent";
          },
        },
      );
    }, syncDelay);
    return () => clearTimeout(timer);
  }, [userId, resolved, items, mutate, replace]);
  return null;
}
