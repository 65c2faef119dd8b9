import { skipToken, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { packagingService } from "@/features/admin/products/api/service";

/** useProductPackaging loads the packaging around one unit of a product, by material (RD 1055/2022). */
export function useProductPackaging(id: bigint | undefined) {
  return useQuery(packagingService.method.getProductPackaging, id ? { id } : skipToken);
}

/** useSetProductPackaging replaces a product's packaging; the form reads it again. */
export function useSetProductPackaging() {
  const queryClient = useQueryClient();
  return useMutation(packagingService.method.setProductPackaging, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodKey(packagingService.method.getProductPackaging) }),
  });
}

/** useExportPackagingReport fetches a calendar year's kilograms of packaging per material as CSV. */
export function useExportPackagingReport() {
  return useMutation(packagingService.method.exportPackagingReport);
}
