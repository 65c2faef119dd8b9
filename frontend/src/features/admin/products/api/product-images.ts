import { useMutation, useQuery } from "@connectrpc/connect-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { useInvalidateWithStorefront } from "@/features/admin/shared/api/storefront";
import { productService } from "@/features/admin/products/api/service";
import { productLists } from "@/features/admin/products/api/product-changes";

/** useProductImages lists a product's uploaded pictures in order. */
export function useProductImages(productId: bigint) {
  return useQuery(productService.method.listProductImages, { productId });
}

const imageLists = [methodKey(productService.method.listProductImages), ...productLists];

/** useUploadProductImage adds a picture after the product's others. */
export function useUploadProductImage() {
  return useMutation(productService.method.uploadProductImage, { onSuccess: useInvalidateWithStorefront(...imageLists) });
}

/** useReorderProductImages puts the pictures in a new order. */
export function useReorderProductImages() {
  return useMutation(productService.method.reorderProductImages, { onSuccess: useInvalidateWithStorefront(...imageLists) });
}

/** useDeleteProductImage removes a picture. */
export function useDeleteProductImage() {
  return useMutation(productService.method.deleteProductImage, { onSuccess: useInvalidateWithStorefront(...imageLists) });
}
