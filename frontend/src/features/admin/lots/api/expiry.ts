import { useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { useInvalidateWithStorefront } from "@/features/admin/shared/api/storefront";
import { lotService } from "@/features/admin/lots/api/service";
import { promotionService } from "@/features/admin/promotions/api/service";

/** useLotRules loads the lots' rules: the delivery margin and the weekly digest. */
export function useLotRules() {
  return useQuery(lotService.method.getLotRules, {});
}

/** useUpdateLotRules saves them (audited as lots.rules); the rules are read again. */
export function useUpdateLotRules() {
  const queryClient = useQueryClient();
  return useMutation(lotService.method.updateLotRules, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: methodKey(lotService.method.getLotRules) }),
  });
}

/** useOrderLots loads an order's lots line by line and the lots to pick instead. */
export function useOrderLots(orderId: bigint) {
  return useQuery(lotService.method.getOrderLots, { orderId }, { enabled: orderId > 0n, staleTime: 0 });
}

/** useOverrideLineLot records another lot picked at packing (audited as order.lot_override). */
export function useOverrideLineLot() {
  const queryClient = useQueryClient();
  return useMutation(lotService.method.overrideLineLot, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: methodKey(lotService.method.getOrderLots) }),
  });
}

/**
 * useMarkdown starts the near-expiry markdown of one product: a promotion
 * of the promotions desk (its use case checks the Omnibus rules and audits
 * it as promotion.create); the storefront's reads are marked stale.
 */
export function useMarkdown() {
  return useMutation(promotionService.method.createPromotion, { onSuccess: useInvalidateWithStorefront() });
}
