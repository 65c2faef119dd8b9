import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { productService } from "@/features/admin/products/api/service";
import { visibilityService } from "@/features/admin/visibility/api/service";

/** useProductContent loads a product's texts in both languages and its food information. */
export function useProductContent(id: bigint | undefined) {
  return useQuery(productService.method.getProductContent, id ? { id } : skipToken);
}

/**
 * useUpdateProductContent saves a product's content. The storefront's
 * cached reads and the back office lists showing its name are refetched.
 */
export function useUpdateProductContent() {
  const queryClient = useQueryClient();
  return useMutation(productService.method.updateProductContent, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: methodKey(productService.method.getProductContent) }),
        // What the product lacks before publishing follows its food information.
        queryClient.invalidateQueries({ queryKey: methodKey(productService.method.getAdminProduct) }),
        queryClient.invalidateQueries({ queryKey: methodKey(productService.method.listAdminProducts) }),
        queryClient.invalidateQueries({ queryKey: methodKey(visibilityService.method.listCountryProducts) }),
        queryClient.invalidateQueries({ queryKey: methodKey(CatalogService.method.getProduct) }),
        queryClient.invalidateQueries({ queryKey: methodKey(CatalogService.method.listProducts) }),
      ]),
  });
}
