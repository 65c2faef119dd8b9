import { skipToken, useInfiniteQuery, useMutation } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { stockService } from "@/features/admin/stock/api/service";

/** movementsPage is how many ledger rows the stock screen loads at a time. */
export const movementsPage = 20;

/** useStockMovements pages a product's stock ledger, newest first ('Ver más'). */
export function useStockMovements(productId: bigint | undefined) {
  return useInfiniteQuery(
    stockService.method.listStockMovements,
    productId ? { productId, pageSize: movementsPage, pageToken: "" } : skipToken,
    { pageParamKey: "pageToken", getNextPageParam: (last) => last.nextPageToken || undefined },
  );
}

/**
 * useAdjustStock books a correction in the ledger; the history is read again
 * and so is every cached read in invalidate (the product's stock shown elsewhere).
 */
export function useAdjustStock(invalidate: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  return useMutation(stockService.method.adjustStock, {
    onSuccess: () =>
      Promise.all(
        [methodKey(stockService.method.listStockMovements), ...invalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
