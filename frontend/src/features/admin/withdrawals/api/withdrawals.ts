import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { withdrawalService } from "@/features/admin/withdrawals/api/service";
import type { WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";

/** useWithdrawals loads one page of withdrawals, optionally of one status. */
export function useWithdrawals(page: number, pageSize: number, status: WithdrawalStatus) {
  return useQuery(withdrawalService.method.listWithdrawals, { page, pageSize, status }, { placeholderData: keepPreviousData, staleTime: 0 });
}

function useInvalidateList() {
  const queryClient = useQueryClient();
  const queryKey = createConnectQueryKey({ schema: withdrawalService.method.listWithdrawals, transport: useTransport(), cardinality: "finite" });
  return () => queryClient.invalidateQueries({ queryKey });
}

/** useReceiveWithdrawal records a withdrawal's goods received back; the list reloads after. */
export function useReceiveWithdrawal() {
  const invalidate = useInvalidateList();
  return useMutation(withdrawalService.method.receiveWithdrawal, { onSuccess: invalidate });
}

/** useRefundWithdrawal refunds a received withdrawal; the list reloads after. */
export function useRefundWithdrawal() {
  const invalidate = useInvalidateList();
  return useMutation(withdrawalService.method.refundWithdrawal, { onSuccess: invalidate });
}
