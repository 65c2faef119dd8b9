import { useInfiniteQuery, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { lotService } from "@/features/admin/lots/api/service";
import { recallService } from "@/features/admin/recalls/api/service";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { saveFile } from "@/lib/save-file";

/** useFindProductByEan asks which product a scanned barcode names. */
export function useFindProductByEan() {
  return useMutation(lotService.method.findProductByEan);
}

/** useProductLots loads a product's lots with a code, latest date first; nothing until a product is chosen. */
export function useProductLots(productId: bigint | undefined) {
  return useQuery(recallService.method.listProductLots, { productId: productId ?? 0n }, { enabled: productId !== undefined, staleTime: 0 });
}

/**
 * tracePage is how many sales the trace loads at a time: a lot sold to
 * thousands of orders comes a page per request ('Ver más').
 */
export const tracePage = 100;

/** useTraceLot loads a lot's trace: its deliveries and its sales, a page at a time. */
export function useTraceLot(lotId: bigint) {
  return useInfiniteQuery(
    recallService.method.traceLot,
    { lotId, pageSize: tracePage, pageToken: "" },
    { pageParamKey: "pageToken", getNextPageParam: (last) => last.nextPageToken || undefined, staleTime: 0 },
  );
}

/** useRecalls loads the recalls, latest first. */
export function useRecalls() {
  return useQuery(recallService.method.listRecalls, {}, { staleTime: 0 });
}

/** useRecall loads one recall in full. */
export function useRecall(recallId: bigint) {
  return useQuery(recallService.method.getRecall, { recallId }, { staleTime: 0 });
}

/** useStartRecall starts a recall; the lists are read again. */
export function useStartRecall() {
  const queryClient = useQueryClient();
  return useMutation(recallService.method.startRecall, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: methodKey(recallService.method.listRecalls) }),
        queryClient.invalidateQueries({ queryKey: methodKey(recallService.method.listProductLots) }),
      ]),
  });
}

/** useExportRecall downloads a recall's file for the authority. */
export function useExportRecall() {
  return useMutation(recallService.method.exportRecall, {
    onSuccess: (res) => saveFile(res.content, res.fileName, res.contentType),
  });
}
