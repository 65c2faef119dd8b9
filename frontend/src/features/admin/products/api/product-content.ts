import { createConnectQueryKey, skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";
import { AdminService } from "@gen/sabores/v1/admin_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { VisibilityService } from "@gen/sabores/v1/visibility_service_pb";

// key matches every cached answer of a method, whatever its request.
function key<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>) {
  return createConnectQueryKey({ schema, cardinality: undefined });
}

/** useProductContent loads a product's texts in both languages and its food information. */
export function useProductContent(id: bigint | undefined) {
  return useQuery(AdminService.method.getProductContent, id ? { id } : skipToken);
}

/**
 * useUpdateProductContent saves a product's content. The storefront's
 * cached reads and the back office lists showing its name are refetched.
 */
export function useUpdateProductContent() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.updateProductContent, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.getProductContent) }),
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.listAdminProducts) }),
        queryClient.invalidateQueries({ queryKey: key(VisibilityService.method.listCountryProducts) }),
        queryClient.invalidateQueries({ queryKey: key(CatalogService.method.getProduct) }),
        queryClient.invalidateQueries({ queryKey: key(CatalogService.method.listProducts) }),
      ]),
  });
}
