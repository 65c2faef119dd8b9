import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { lotService, supplierService } from "@/features/admin/lots/api/service";

/** useSuppliers loads every supplier, by name. */
export function useSuppliers() {
  return useQuery(supplierService.method.listSuppliers, {});
}

/** useSaveSupplier creates or changes a supplier; the list is read again. */
export function useSaveSupplier() {
  const queryClient = useQueryClient();
  return useMutation(supplierService.method.saveSupplier, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodKey(supplierService.method.listSuppliers) }),
  });
}

/** useFindProduct asks which product a scanned barcode names. */
export function useFindProduct() {
  return useMutation(lotService.method.findProductByEan);
}

/** useReceiveDelivery books a delivery; the expiry list is read again. */
export function useReceiveDelivery() {
  const queryClient = useQueryClient();
  return useMutation(lotService.method.receiveDelivery, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodKey(lotService.method.listExpiringLots) }),
  });
}

/** useExpiringLots loads the lots dated within the next days. */
export function useExpiringLots(days: number) {
  return useQuery(lotService.method.listExpiringLots, { days }, { staleTime: 0 });
}

/** useSetSellPast records the owner's choice to sell a best-before lot past its date; the list is read again. */
export function useSetSellPast() {
  const queryClient = useQueryClient();
  return useMutation(lotService.method.setSellPastBestBefore, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKey(lotService.method.listExpiringLots) }),
  });
}
