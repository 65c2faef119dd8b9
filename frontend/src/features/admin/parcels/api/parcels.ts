import { useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { SlipLanguage } from "@gen/sabores/v1/admin_parcel_service_pb";
import type { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { saveFile } from "@/lib/save-file";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { parcelService } from "@/features/admin/parcels/api/service";
import { orderService } from "@/features/admin/orders/api/service";

/** parcelsPageSize is how many parcels the list shows at a time. */
export const parcelsPageSize = 25;

/** useOrderParcel loads an order's parcel, or what buying its label would do. */
export function useOrderParcel(orderId: bigint) {
  return useQuery(parcelService.method.getOrderParcel, { orderId }, { enabled: orderId > 0n, staleTime: 0 });
}

/** useParcels loads one page of parcels in a state (UNSPECIFIED: all) after pageToken. */
export function useParcels(state: ParcelState, pageToken: string) {
  return useQuery(
    parcelService.method.listParcels,
    { state, pageSize: parcelsPageSize, pageToken },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

// invalidateParcels reads again what buying a label or a delivery changes:
// the parcel, the parcels list and the order (shipped, delivered).
function invalidateParcels(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: methodKey(parcelService.method.getOrderParcel) }),
    queryClient.invalidateQueries({ queryKey: methodKey(parcelService.method.listParcels) }),
    queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.getAdminOrder) }),
    queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.listOrders) }),
  ]);
}

/** useBuyLabel buys an order's label through the platform, shipping the order. */
export function useBuyLabel() {
  const queryClient = useQueryClient();
  return useMutation(parcelService.method.buyLabel, { onSettled: () => invalidateParcels(queryClient) });
}

/** useMarkParcelDelivered records a parcel's delivery as the desk. */
export function useMarkParcelDelivered() {
  const queryClient = useQueryClient();
  return useMutation(parcelService.method.markParcelDelivered, { onSettled: () => invalidateParcels(queryClient) });
}

/** useDownloadLabel fetches a parcel's label (audited) and downloads it. */
export function useDownloadLabel() {
  return useMutation(parcelService.method.getLabelPdf, {
    onSuccess: (res) => saveFile(res.pdf, res.fileName, "application/pdf"),
  });
}

/** useDownloadSlip fetches an order's packing slip (audited) and downloads it. */
export function useDownloadSlip() {
  return useMutation(parcelService.method.getPackingSlipPdf, {
    onSuccess: (res) => saveFile(res.pdf, res.fileName, "application/pdf"),
  });
}

/** useDownloadSlips fetches a day's packing slips (audited) and downloads them when there are any. */
export function useDownloadSlips() {
  return useMutation(parcelService.method.getPackingSlipsPdf, {
    onSuccess: (res) => {
      if (res.orders > 0) saveFile(res.pdf, res.fileName, "application/pdf");
    },
  });
}

/** slipLanguage is the packing slips' language for the back office's language. */
export function slipLanguage(language: string): SlipLanguage {
  return language.startsWith("pt") ? SlipLanguage.PT : SlipLanguage.ES;
}

/** useRemittances loads the newest cash-on-delivery remittances. */
export function useRemittances() {
  return useQuery(parcelService.method.listRemittances, { pageSize: 50 }, { staleTime: 0 });
}

/** useRemittance loads one remittance with its lines (id 0: none). */
export function useRemittance(id: bigint) {
  return useQuery(parcelService.method.getRemittance, { id }, { enabled: id > 0n });
}

/** useRecordRemittance records a carrier's remittance, paying the orders it matches. */
export function useRecordRemittance() {
  const queryClient = useQueryClient();
  return useMutation(parcelService.method.recordRemittance, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: methodKey(parcelService.method.listRemittances) }),
        queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.getAdminOrder) }),
        queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.listOrders) }),
      ]),
  });
}
