import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";

// The storefront reads a product desk change shows in.
const storefront = [
  methodKey(CatalogService.method.getProduct),
  methodKey(CatalogService.method.listProducts),
  methodKey(PromotionService.method.listActivePromotions),
];

/** useInvalidateWithStorefront marks keys and the storefront's product reads as stale. */
export function useInvalidateWithStorefront(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([...keys, ...storefront].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
