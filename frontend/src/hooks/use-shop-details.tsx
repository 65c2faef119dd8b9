import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { createContext, use, useState, type ReactNode } from "react";
import { defer, useDeferred } from "@/lib/deferred";
import type { ShopDetails } from "@gen/sabores/v1/shop_details_pb";
import { type DeliveryAreas, type GetShopDetailsResponse } from "@gen/sabores/v1/shop_settings_service_pb";
import { appTransportKey } from "@/lib/transport";

const ShopDetailsContext = createContext<GetShopDetailsResponse | undefined>(undefined);

// The footer shows the shop's details on every page, so reading them must not
// put the data layer into the first download: the query comes with the data
// layer, beside the first paint, as the session's does (use-session.tsx).
const detailsQuery = defer(() => import("@/hooks/shop-details-query"));

/**
 * shopDetailsKey is GetShopDetails' query key as connect-query builds it
 * (use-shop-details.test.tsx checks), written out so that reading the cache
 * needs no descriptors.
 */
export const shopDetailsKey: QueryKey = [
  "connect-query",
  {
    serviceName: "sabores.v1.ShopSettingsService",
    methodName: "GetShopDetails",
    transport: appTransportKey,
    cardinality: "finite",
    input: {},
  },
];

/** ShopDetailsProvider asks the server for the shop's public details, once, for the whole app. */
export function ShopDetailsProvider({ children }: { children: ReactNode }) {
  // A server-rendered page comes with the details in the cache: the footer
  // shows them in the HTML and in the render that hydrates it.
  const client = useQueryClient();
  const [answer, setAnswer] = useState(() => client.getQueryData<GetShopDetailsResponse>(shopDetailsKey));
  const loaded = useDeferred(detailsQuery);
  return (
    <ShopDetailsContext value={answer}>
      {children}
      {loaded && <loaded.ShopDetailsQuery onChange={setAnswer} />}
    </ShopDetailsContext>
  );
}

/**
 * useShopDetails is the shop's public details (legal name, NIF, address,
 * contact channels, opening hours) that the owner keeps in the back office,
 * or undefined until they arrive.
 */
export function useShopDetails(): ShopDetails | undefined {
  return use(ShopDetailsContext)?.details;
}

/**
 * useDeliveryAreas is where the shop delivers, as its shipping zones reach
 * (every product, and frozen and chilled ones), or undefined until known.
 */
export function useDeliveryAreas(): DeliveryAreas | undefined {
  return use(ShopDetailsContext)?.deliveryAreas;
}

/**
 * useFreeShippingThreshold is the goods' total from which the shop ships free
 * (its standard shipping method's threshold), 0 when it promises none, or
 * undefined until the details arrive.
 */
export function useFreeShippingThreshold(): bigint | undefined {
  return use(ShopDetailsContext)?.freeShippingThresholdCents;
}
