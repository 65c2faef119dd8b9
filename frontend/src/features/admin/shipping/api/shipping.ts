import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import type { ListShippingMethodsResponse, ShippingMethod } from "@gen/sabores/v1/admin_shipping_service_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { shippingService } from "@/features/admin/shipping/api/service";

/** useShippingMethods loads every method with its zones and bands, and the shipping settings. */
export function useShippingMethods() {
  return useQuery(shippingService.method.listShippingMethods, {});
}

/**
 * useShippingCache puts a method as saved into the cached list (or takes a
 * deleted one out), and has the storefront's details, whose delivery areas
 * and free-shipping promise come from the rates, read again.
 */
function useShippingCache() {
  const queryClient = useQueryClient();
  const listKey = methodKey(shippingService.method.listShippingMethods);
  return (update: (methods: ShippingMethod[]) => ShippingMethod[], other: Partial<ListShippingMethodsResponse> = {}) => {
    queryClient.setQueriesData<ListShippingMethodsResponse>({ queryKey: listKey }, (old) =>
      old ? { ...old, ...other, methods: update(old.methods) } : old,
    );
    void queryClient.invalidateQueries({ queryKey: methodKey(ShopSettingsService.method.getShopDetails) });
  };
}

/** saved replaces (or adds) a method in a list by id. */
function saved(method: ShippingMethod | undefined) {
  return (methods: ShippingMethod[]) => {
    if (!method) return methods;
    const i = methods.findIndex((m) => m.id === method.id);
    const out = i < 0 ? [...methods, method] : methods.map((m) => (m.id === method.id ? method : m));
    return out.sort((a, b) => a.position - b.position || Number(a.id - b.id));
  };
}

/** useShippingMutations are the desk's changes, each refreshing the cached list with the method as saved. */
export function useShippingMutations() {
  const cache = useShippingCache();
  const onMethod = { onSuccess: (res: { method?: ShippingMethod }) => cache(saved(res.method)) };
  return {
    createMethod: useMutation(shippingService.method.createShippingMethod, onMethod),
    updateMethod: useMutation(shippingService.method.updateShippingMethod, onMethod),
    deleteMethod: useMutation(shippingService.method.deleteShippingMethod, {
      onSuccess: (_res, req) => cache((methods) => methods.filter((m) => m.id !== req.id)),
    }),
    createZone: useMutation(shippingService.method.createShippingZone, onMethod),
    updateZone: useMutation(shippingService.method.updateShippingZone, onMethod),
    deleteZone: useMutation(shippingService.method.deleteShippingZone, onMethod),
    createBand: useMutation(shippingService.method.createShippingBand, onMethod),
    updateBand: useMutation(shippingService.method.updateShippingBand, onMethod),
    deleteBand: useMutation(shippingService.method.deleteShippingBand, onMethod),
    updateSettings: useMutation(shippingService.method.updateShippingSettings, {
      onSuccess: (res) => cache((methods) => methods, { defaultWeightGrams: res.defaultWeightGrams }),
    }),
  };
}
