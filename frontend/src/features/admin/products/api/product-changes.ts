import { useMutation } from "@connectrpc/connect-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { useInvalidateWithStorefront } from "@/features/admin/shared/api/storefront";
import { productService } from "@/features/admin/products/api/service";
import { visibilityService } from "@/features/admin/visibility/api/service";

/** productLists are the cached reads a change to a product makes stale. */
export const productLists = [
  methodKey(productService.method.getAdminProduct),
  methodKey(productService.method.listAdminProducts),
  methodKey(visibilityService.method.listCountryProducts),
];

/** useCreateProduct adds a product; the lists showing products are refetched. */
export function useCreateProduct() {
  return useMutation(productService.method.createProduct, { onSuccess: useInvalidateWithStorefront(...productLists) });
}

/** useUpdateProductDetails saves every detail of a product. */
export function useUpdateProductDetails() {
  return useMutation(productService.method.updateProductDetails, { onSuccess: useInvalidateWithStorefront(...productLists) });
}

/** useArchiveProduct archives or restores a product. */
export function useArchiveProduct() {
  return useMutation(productService.method.archiveProduct, { onSuccess: useInvalidateWithStorefront(...productLists) });
}

/** usePublishProduct puts a draft on sale or takes a product back to draft. */
export function usePublishProduct() {
  return useMutation(productService.method.publishProduct, { onSuccess: useInvalidateWithStorefront(...productLists) });
}
