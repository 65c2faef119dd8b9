import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { settingsService } from "@/features/admin/settings/api/service";

/** useShopSettings loads every shop setting with the checklist of those still samples or empty. */
export function useShopSettings() {
  return useQuery(settingsService.method.getShopSettings, {});
}

/**
 * useUpdateShopSettings saves every setting; the answer replaces the cached
 * settings, and the storefront's copy of the public details is refetched.
 */
export function useUpdateShopSettings() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  const settingsKey = createConnectQueryKey({
    schema: settingsService.method.getShopSettings,
    transport,
    cardinality: "finite",
    input: {},
  });
  return useMutation(settingsService.method.updateShopSettings, {
    onSuccess: (res) => {
      queryClient.setQueryData(settingsKey, (old) =>
        old ? { ...old, settings: res.settings, unfinished: res.unfinished, updateTime: res.updateTime } : old,
      );
      void queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: ShopSettingsService.method.getShopDetails, cardinality: undefined }),
      });
    },
  });
}
