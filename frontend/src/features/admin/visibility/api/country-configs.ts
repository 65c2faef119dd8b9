import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { ListCountryConfigsResponse, UpdateCountryConfigRequestSchema } from "@gen/sabores/v1/admin_visibility_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { optimisticList } from "@/features/admin/shared/api/optimistic-list";
import { visibilityService } from "@/features/admin/visibility/api/service";

/** useCountryConfigs lists every country's home tile. */
export function useCountryConfigs() {
  return useQuery(visibilityService.method.listCountryConfigs, {});
}

/**
 * useUpdateCountryConfig saves a country's tile; the list shows the change at
 * once and goes back if the server refuses it. The storefront's country list
 * is refreshed too.
 */
export function useUpdateCountryConfig() {
  const queryClient = useQueryClient();
  const listKey = createConnectQueryKey({
    schema: visibilityService.method.listCountryConfigs,
    transport: useTransport(),
    cardinality: "finite",
    input: {},
  });
  return useMutation(visibilityService.method.updateCountryConfig, {
    ...optimisticList(
      queryClient,
      listKey,
      (old: ListCountryConfigsResponse, req: MessageInitShape<typeof UpdateCountryConfigRequestSchema>) => ({
        ...old,
        countries: old.countries.map((c) =>
          c.slug === req.slug
            ? {
                ...c,
                name: req.name ?? c.name,
                namePt: req.namePt ?? c.namePt,
                flagEmoji: req.flagEmoji ?? c.flagEmoji,
                imageUrl: req.imageUrl ?? c.imageUrl,
                backgroundClasses: req.backgroundClasses ?? c.backgroundClasses,
                href: req.href ?? c.href,
              }
            : c,
        ),
      }),
    ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listKey }),
        queryClient.invalidateQueries({ queryKey: methodKey(CatalogService.method.listCountries) }),
      ]),
  });
}
