import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import { WithdrawalService } from "@gen/sabores/v1/withdrawal_service_pb";
import { useApiLanguage } from "@/lib/api-language";

/** useMyWithdrawalOptions loads what the client may withdraw from one of their orders. */
export function useMyWithdrawalOptions(orderId: bigint, enabled: boolean) {
  const language = useApiLanguage();
  return useQuery(WithdrawalService.method.getMyWithdrawalOptions, { orderId, language }, { enabled, staleTime: 0 });
}

/** useWithdrawMyOrder sends a confirmed withdrawal; the options and the order list reload after. */
export function useWithdrawMyOrder() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useMutation(WithdrawalService.method.withdrawMyOrder, {
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: WithdrawalService.method.getMyWithdrawalOptions, transport, cardinality: "finite" }),
        }),
        queryClient.invalidateQueries({
          queryKey: createConnectQueryKey({ schema: OrderService.method.listMyOrders, transport, cardinality: "finite" }),
        }),
      ]),
  });
}

/** useLinkWithdrawalOptions loads what the holder of an e-mail's signed link may withdraw. */
export function useLinkWithdrawalOptions(token: string) {
  const language = useApiLanguage();
  return useQuery(WithdrawalService.method.getWithdrawalOptionsByLink, { token, language }, { staleTime: 0, retry: false });
}

/** useWithdrawByLink sends a confirmed withdrawal through the signed link. */
export function useWithdrawByLink() {
  const queryClient = useQueryClient();
  const transport = useTransport();
  return useMutation(WithdrawalService.method.withdrawByLink, {
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: createConnectQueryKey({ schema: WithdrawalService.method.getWithdrawalOptionsByLink, transport, cardinality: "finite" }),
      }),
  });
}
