import { defer, useDeferred } from "@/lib/deferred";

// The sync needs the account descriptors, which come with the data layer
// beside the first paint, as the session query does.
const sync = defer(() => import("@/features/cart/cart-sync"));

/** CartSyncer keeps a signed-in shopper's cart on the server too, once loaded. */
export function CartSyncer() {
  const loaded = useDeferred(sync);
  return loaded ? <loaded.SyncCart /> : null;
}
