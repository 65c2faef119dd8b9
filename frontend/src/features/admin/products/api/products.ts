import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { useInvalidateWithStorefront } from "@/features/admin/shared/api/storefront";
import { productService } from "@/features/admin/products/api/service";
import { visibilityService } from "@/features/admin/visibility/api/service";

/** useAdminProduct loads one product with its visibility records. */
export function useAdminProduct(id: bigint | undefined) {
  return useQuery(productService.method.getAdminProduct, id ? { id } : skipToken);
}

const productLists = [
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
