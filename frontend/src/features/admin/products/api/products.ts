import { skipToken, useInfiniteQuery, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import type { ListAdminProductsResponse } from "@gen/sabores/v1/admin_product_service_pb";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import type { ListCountryProductsResponse } from "@gen/sabores/v1/admin_visibility_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { productService } from "@/features/admin/products/api/service";
import { visibilityService } from "@/features/admin/visibility/api/service";

/** adminProductsBatch is how many products the by-country screen loads at a time. */
export const adminProductsBatch = 100;

/**
 * useAdminProducts loads the product list 100 at a time ('Carregar Mais'),
 * until a batch comes back shorter than 100.
 */
export function useAdminProducts(query: string) {
  return useInfiniteQuery(
    productService.method.listAdminProducts,
    { query: query.trim(), page: 1, pageSize: adminProductsBatch },
    {
      pageParamKey: "page",
      getNextPageParam: (last, all) => (last.products.length < adminProductsBatch ? undefined : all.length + 1),
      placeholderData: keepPreviousData,
    },
  );
}

function patchProduct(p: AdminProduct, saved: Partial<AdminProduct>): AdminProduct {
  return { ...p, ...saved };
}

function patchProductCaches(queryClient: QueryClient, id: bigint, saved: Partial<AdminProduct>) {
  const countryKey = methodKey(visibilityService.method.listCountryProducts);
  const adminKey = methodKey(productService.method.listAdminProducts);
  const snapshot = [
    ...queryClient.getQueriesData({ queryKey: countryKey }),
    ...queryClient.getQueriesData({ queryKey: adminKey }),
  ];
  queryClient.setQueriesData<ListCountryProductsResponse>({ queryKey: countryKey }, (old) =>
    old
      ? {
          ...old,
          products: old.products.map((cp) =>
            cp.product?.id === id ? { ...cp, product: patchProduct(cp.product, saved) } : cp,
          ),
        }
      : old,
  );
  queryClient.setQueriesData<{ pages: ListAdminProductsResponse[]; pageParams: unknown[] }>(
    { queryKey: adminKey },
    (old) =>
      old && "pages" in old
        ? {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              products: page.products.map((p) => (p.id === id ? patchProduct(p, saved) : p)),
            })),
          }
        : old,
  );
  return snapshot;
}

/** ProductEdit is what the 'Editar produto' dialog saves, already parsed. */
export interface ProductEdit {
  id: bigint;
  price: string;
  vatRate: string;
  priceCents: bigint;
  vatBasisPoints: number;
  onlineCategories: string[];
}

/**
 * useUpdateProduct saves price, VAT and online categories. Every list showing
 * the product changes at once and goes back if the server refuses.
 */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const mutation = useMutation(productService.method.updateProduct, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: methodKey(visibilityService.method.listCountryProducts) }),
        queryClient.invalidateQueries({ queryKey: methodKey(productService.method.listAdminProducts) }),
        queryClient.invalidateQueries({ queryKey: methodKey(productService.method.getAdminProduct) }),
      ]),
  });
  return {
    ...mutation,
    save: async (edit: ProductEdit) => {
      await queryClient.cancelQueries({ queryKey: methodKey(visibilityService.method.listCountryProducts) });
      const snapshot = patchProductCaches(queryClient, edit.id, {
        priceCents: edit.priceCents,
        vatBasisPoints: edit.vatBasisPoints,
        onlineCategories: edit.onlineCategories,
        updateTime: timestampNow(),
      });
      try {
        return await mutation.mutateAsync({
          id: edit.id,
          price: edit.price,
          vatRate: edit.vatRate,
          onlineCategories: edit.onlineCategories,
        });
      } catch (err) {
        for (const [k, data] of snapshot) queryClient.setQueryData(k, data);
        throw err;
      }
    },
  };
}

/** useAdminProduct loads one product with its visibility records. */
export function useAdminProduct(id: bigint | undefined) {
  return useQuery(productService.method.getAdminProduct, id ? { id } : skipToken);
}
