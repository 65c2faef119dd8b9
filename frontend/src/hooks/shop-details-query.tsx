import { useQuery } from "@connectrpc/connect-query";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";

/**
 * ShopDetailsQuery keeps the server's GetShopDetails answer in the query
 * cache, where useShopDetails reads it. The details change a few times a
 * year: one GET per visit is plenty, and a save in the back office
 * invalidates it.
 */
export function ShopDetailsQuery() {
  useQuery(ShopSettingsService.method.getShopDetails, {}, { staleTime: 10 * 60_000 });
  return null;
}
