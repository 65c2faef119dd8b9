import { useMutation, useQuery } from "@connectrpc/connect-query";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { useInvalidateWithStorefront } from "@/features/admin/shared/api/storefront";
import { promotionService } from "@/features/admin/promotions/api/service";

/** usePromotions lists a product's promotions, ended ones included. */
export function usePromotions(productId: bigint) {
  return useQuery(promotionService.method.listPromotions, { productId, includeEnded: true, pageSize: 100 });
}

const promotionLists = [methodKey(promotionService.method.listPromotions)];

/** useCreatePromotion puts a product on promotion. */
export function useCreatePromotion() {
  return useMutation(promotionService.method.createPromotion, { onSuccess: useInvalidateWithStorefront(...promotionLists) });
}

/** useUpdatePromotion changes a promotion that has not ended. */
export function useUpdatePromotion() {
  return useMutation(promotionService.method.updatePromotion, { onSuccess: useInvalidateWithStorefront(...promotionLists) });
}

/** useEndPromotion ends a promotion now. */
export function useEndPromotion() {
  return useMutation(promotionService.method.endPromotion, { onSuccess: useInvalidateWithStorefront(...promotionLists) });
}
