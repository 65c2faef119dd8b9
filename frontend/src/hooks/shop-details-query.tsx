import { useQuery } from "@connectrpc/connect-query";
import { useEffect } from "react";
import { type GetShopDetailsResponse, ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";

/**
 * ShopDetailsQuery keeps the server's GetShopDetails answer and reports it
 * through onChange. The details change a few times a year: one GET per visit
 * is plenty, and a save in the back office invalidates it.
 */
export function ShopDetailsQuery({ onChange }: { onChange: (answer: GetShopDetailsResponse | undefined) => void }) {
  const answer = useQuery(ShopSettingsService.method.getShopDetails, {}, { staleTime: 10 * 60_000 }).data;
  useEffect(() => onChange(answer), [onChange, answer]);
  return null;
}
