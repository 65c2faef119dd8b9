import { createConnectQueryKey, skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { create } from "@bufbuild/protobuf";
import { keepPreviousData, useQueryClient, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { ListAdminProductsResponse } from "@gen/sabores/v1/admin_product_service_pb";
import { ProductVisibilitySchema } from "@gen/sabores/v1/admin_types_pb";
import type { ListCountryProductsResponse } from "@gen/sabores/v1/admin_visibility_service_pb";
import { SalesChannel } from "@gen/sabores/v1/types_pb";
import { visibilityService } from "@/features/admin/visibility/api/service";
import { productService } from "@/features/admin/products/api/service";

/** countryProductsPageSize is the country products screen's page: 20 cards. */
export const countryProductsPageSize = 20;

/** addableSearchMinLength is the add-products search's minimum query. */
export const addableSearchMinLength = 2;

const countryProductsKey = createConnectQueryKey({
  schema: visibilityService.method.listCountryProducts,
  cardinality: undefined,
});

/** useCountryProducts lists one page of a country's products, keeping the last page while the next loads. */
export function useCountryProducts(country: string, filter: string, page: number) {
  return useQuery(
    visibilityService.method.listCountryProducts,
    country ? { country, filter, page, pageSize: countryProductsPageSize } : skipToken,
    { placeholderData: keepPreviousData },
  );
}

/** useAddableProducts runs the add-products search from 2 characters on. */
export function useAddableProducts(country: string, query: string) {
  const q = query.trim();
  return useQuery(
    visibilityService.method.searchAddableProducts,
    country && q.length >= addableSearchMinLength ? { country, query: q } : skipToken,
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

type Snapshot = [readonly unknown[], ListCountryProductsResponse | undefined][];

function patchCountryLists(
  queryClient: QueryClient,
  country: string,
  productId: bigint,
  channel: SalesChannel,
): Snapshot {
  const snapshot = queryClient.getQueriesData<ListCountryProductsResponse>({ queryKey: countryProductsKey });
  queryClient.setQueriesData<ListCountryProductsResponse>({ queryKey: countryProductsKey }, (old) => {
    if (!old || old.country?.slug !== country) return old;
    if (!old.products.some((p) => p.product?.id === productId)) return old;
    if (channel === SalesChannel.NONE) {
      return {
        ...old,
        products: old.products.filter((p) => p.product?.id !== productId),
        totalSize: Math.max(0, old.totalSize - 1),
      };
    }
    return {
      ...old,
      products: old.products.map((p) => (p.product?.id === productId ? { ...p, channel, visible: true } : p)),
    };
  });
  return snapshot;
}

/** invalidateVisibility marks every list that shows visibility as stale. */
export function invalidateVisibility(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: countryProductsKey }),
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: visibilityService.method.searchAddableProducts, cardinality: undefined }),
    }),
    queryClient.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: productService.method.listAdminProducts, cardinality: undefined }),
    }),
  ]);
}

/**
 * useSetProductChannel changes a product's channel in a country. The card
 * changes at once (or leaves the list on 'Remover deste país') and is put
 * back if the server refuses.
 */
export function useSetProductChannel() {
  const queryClient = useQueryClient();
  return useMutation(visibilityService.method.setProductChannel, {
    onMutate: async (req) => {
      await queryClient.cancelQueries({ queryKey: countryProductsKey });
      return patchCountryLists(
        queryClient,
        req.country ?? "",
        BigInt(req.productId ?? 0),
        req.channel ?? SalesChannel.UNSPECIFIED,
      );
    },
    onError: (_err, _req, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => invalidateVisibility(queryClient),
  });
}

/** VisibilityEdit is one pending change of the by-country screen. */
export interface VisibilityEdit {
  productId: bigint;
  country: string;
  channel: SalesChannel;
}

// patchAdminProducts writes saved changes into the cached product list, so
// the toggles keep their new state while the list is fetched again.
function patchAdminProducts(queryClient: QueryClient, edits: VisibilityEdit[]) {
  queryClient.setQueriesData<InfiniteData<ListAdminProductsResponse>>(
    { queryKey: createConnectQueryKey({ schema: productService.method.listAdminProducts, cardinality: "infinite" }) },
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({
          ...page,
          products: page.products.map((p) => {
            const mine = edits.filter((e) => e.productId === p.id);
            if (mine.length === 0) return p;
            let visibility = [...p.visibility];
            for (const e of mine) {
              visibility = visibility.filter((v) => v.country !== e.country);
              if (e.channel !== SalesChannel.NONE) {
                visibility.push(
                  create(ProductVisibilitySchema, { country: e.country, visible: true, channel: e.channel }),
                );
              }
            }
            return { ...p, visibility };
          }),
        })),
      },
  );
}

/** useBatchSetVisibility sends the by-country screen's pending changes in one transaction. */
export function useBatchSetVisibility() {
  const queryClient = useQueryClient();
  const mutation = useMutation(visibilityService.method.batchSetVisibility, {
    onSettled: () => invalidateVisibility(queryClient),
  });
  const { mutateAsync } = mutation;
  const save = useCallback(
    async (edits: VisibilityEdit[]) => {
      const res = await mutateAsync({ changes: edits });
      patchAdminProducts(queryClient, edits);
      return res;
    },
    [mutateAsync, queryClient],
  );
  return { ...mutation, save };
}
