import { createConnectQueryKey, skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";
import { AdminService } from "@gen/sabores/v1/admin_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { PromotionService } from "@gen/sabores/v1/promotion_service_pb";
import { VisibilityService } from "@gen/sabores/v1/visibility_service_pb";

// key matches every cached answer of a method, whatever its request.
function key<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>) {
  return createConnectQueryKey({ schema, cardinality: undefined });
}

// The storefront reads a product desk change shows in.
const storefront = [
  key(CatalogService.method.getProduct),
  key(CatalogService.method.listProducts),
  key(PromotionService.method.listActivePromotions),
];

function useInvalidate(...keys: ReturnType<typeof key>[]) {
  const queryClient = useQueryClient();
  return () => Promise.all([...keys, ...storefront].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** useAdminProduct loads one product with its visibility records. */
export function useAdminProduct(id: bigint | undefined) {
  return useQuery(AdminService.method.getAdminProduct, id ? { id } : skipToken);
}

const productLists = [
  key(AdminService.method.getAdminProduct),
  key(AdminService.method.listAdminProducts),
  key(VisibilityService.method.listCountryProducts),
];

/** useCreateProduct adds a product; the lists showing products are refetched. */
export function useCreateProduct() {
  return useMutation(AdminService.method.createProduct, { onSuccess: useInvalidate(...productLists) });
}

/** useUpdateProductDetails saves every detail of a product. */
export function useUpdateProductDetails() {
  return useMutation(AdminService.method.updateProductDetails, { onSuccess: useInvalidate(...productLists) });
}

/** useArchiveProduct archives or restores a product. */
export function useArchiveProduct() {
  return useMutation(AdminService.method.archiveProduct, { onSuccess: useInvalidate(...productLists) });
}

/** useProductImages lists a product's uploaded pictures in order. */
export function useProductImages(productId: bigint) {
  return useQuery(AdminService.method.listProductImages, { productId });
}

const imageLists = [key(AdminService.method.listProductImages), ...productLists];

/** useUploadProductImage adds a picture after the product's others. */
export function useUploadProductImage() {
  return useMutation(AdminService.method.uploadProductImage, { onSuccess: useInvalidate(...imageLists) });
}

/** useReorderProductImages puts the pictures in a new order. */
export function useReorderProductImages() {
  return useMutation(AdminService.method.reorderProductImages, { onSuccess: useInvalidate(...imageLists) });
}

/** useDeleteProductImage removes a picture. */
export function useDeleteProductImage() {
  return useMutation(AdminService.method.deleteProductImage, { onSuccess: useInvalidate(...imageLists) });
}

/** usePromotions lists a product's promotions, ended ones included. */
export function usePromotions(productId: bigint) {
  return useQuery(AdminService.method.listPromotions, { productId, includeEnded: true, pageSize: 100 });
}

const promotionLists = [key(AdminService.method.listPromotions)];

/** useCreatePromotion puts a product on promotion. */
export function useCreatePromotion() {
  return useMutation(AdminService.method.createPromotion, { onSuccess: useInvalidate(...promotionLists) });
}

/** useUpdatePromotion changes a promotion that has not ended. */
export function useUpdatePromotion() {
  return useMutation(AdminService.method.updatePromotion, { onSuccess: useInvalidate(...promotionLists) });
}

/** useEndPromotion ends a promotion now. */
export function useEndPromotion() {
  return useMutation(AdminService.method.endPromotion, { onSuccess: useInvalidate(...promotionLists) });
}
