import { partialMatchKey, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore, type ReactNode } from "react";
import { defer, useDeferred } from "@/lib/deferred";
import type { ShopDetails } from "@gen/sabores/v1/shop_details_pb";
import type { DeliveryAreas, GetShopDetailsResponse } from "@gen/sabores/v1/shop_settings_service_pb";

// The footer shows the shop's details on every page, so reading them must not
// put the data layer into the first download: the query comes with the data
// layer, beside the first paint, as the session's does (use-session.tsx).
const detailsQuery = defer(() => import("@/hooks/shop-details-query"));

/**
 * shopDetailsKey finds GetShopDetails' answer among the cached queries, with
 * whatever transport it was asked through (use-shop-details.test.ts checks
 * it against connect-query's key), so reading the cache needs no descriptors.
 */
export const shopDetailsKey: QueryKey = [
  "connect-query",
  { serviceName: "sabores.v1.ShopSettingsService", methodName: "GetShopDetails", cardinality: "finite" },
];

/** ShopDetailsProvider asks the server for the shop's public details, once, for the whole app. */
export function ShopDetailsProvider({ children }: { children: ReactNode }) {
  const loaded = useDeferred(detailsQuery);
  return (
    <>
      {children}
      {loaded && <loaded.ShopDetailsQuery />}
    </>
  );
}

/**
 * useAnswer is the cached GetShopDetails answer, read where it is shown. Not
 * a context: a context changing above the parts of a page still waiting to
 * hydrate makes React render them anew (use-session.tsx). A server-rendered
 * page comes with the answer in the cache, so the HTML and the render that
 * hydrates it show the same details.
 */
function useAnswer(): GetShopDetailsResponse | undefined {
  const client = useQueryClient();
  // Told of the details' own query only: the cache reports every query's
  // every change, and each reader would look the answer up again for each.
  const subscribe = useCallback(
    (listener: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (partialMatchKey(event.query.queryKey, shopDetailsKey)) listener();
      }),
    [client],
  );
  // Whatever the transport (tests have their own), there is one such answer.
  const read = () => client.getQueryCache().find<GetShopDetailsResponse>({ queryKey: shopDetailsKey, exact: false })?.state.data;
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * useShopDetails is the shop's public details (legal name, NIF, address,
 * contact channels, opening hours) that the owner keeps in the back office,
 * or undefined until they arrive.
 */
export function useShopDetails(): ShopDetails | undefined {
  return useAnswer()?.details;
}

/**
 * useDeliveryAreas is where the shop delivers, as its shipping zones reach
 * (every product, and frozen and chilled ones), or undefined until known.
 */
export function useDeliveryAreas(): DeliveryAreas | undefined {
  return useAnswer()?.deliveryAreas;
}

/**
 * useFreeShippingThreshold is the goods' total from which the shop ships free
 * (its standard shipping method's threshold), 0 when it promises none, or
 * undefined until the details arrive.
 */
export function useFreeShippingThreshold(): bigint | undefined {
  return useAnswer()?.freeShippingThresholdCents;
}
