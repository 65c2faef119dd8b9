import { useQuery } from "@connectrpc/connect-query";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";

/**
 * useShopDetails reads the shop's public details (legal name, NIF, address,
 * contact channels, opening hours) that the owner keeps in the back office.
 * They change a few times a year: one GET per visit is plenty.
 */
export function useShopDetails() {
  return useQuery(ShopSettingsService.method.getShopDetails, {}, { staleTime: 10 * 60_000 });
}
