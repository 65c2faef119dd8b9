import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { discountCodeService } from "@/features/admin/discount-codes/api/service";

/** useDiscountCodes lists the codes with their use, newest first. */
export function useDiscountCodes() {
  return useQuery(discountCodeService.method.listDiscountCodes, {});
}

function useRefreshList() {
  const client = useQueryClient();
  return () =>
    void client.invalidateQueries({
      queryKey: createConnectQueryKey({ schema: discountCodeService.method.listDiscountCodes, cardinality: undefined }),
    });
}

/** useCreateDiscountCode creates a code (audited on the server). */
export function useCreateDiscountCode() {
  return useMutation(discountCodeService.method.createDiscountCode, { onSuccess: useRefreshList() });
}

/** useSetDiscountCodePaused pauses or resumes a code (audited). */
export function useSetDiscountCodePaused() {
  return useMutation(discountCodeService.method.setDiscountCodePaused, { onSuccess: useRefreshList() });
}
