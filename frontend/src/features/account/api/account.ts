import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import { useApiLanguage } from "@/lib/api-language";

/** useMyDashboard loads the signed-in client's order statistics. */
export function useMyDashboard(enabled: boolean) {
  return useQuery(AccountService.method.getMyDashboard, {}, { enabled, staleTime: 0 });
}

/** useMyOrders loads one page of the client's orders, newest first. */
export function useMyOrders(page: number, pageSize: number, enabled: boolean) {
  const language = useApiLanguage();
  return useQuery(OrderService.method.listMyOrders, { page, pageSize, language }, { enabled, placeholderData: keepPreviousData });
}

/** useMyOrder loads one of the client's orders with its timeline and whether it may still be cancelled. */
export function useMyOrder(id: bigint, enabled: boolean) {
  const language = useApiLanguage();
  return useQuery(OrderService.method.getMyOrder, { id, language }, { enabled: enabled && id > 0n, staleTime: 0 });
}

/**
 * useCancelMyOrder cancels one of the client's orders; the order, the list
 * and the dashboard are read again afterwards, whatever the server said.
 */
export function useCancelMyOrder() {
  const queryClient = useQueryClient();
  return useMutation(OrderService.method.cancelMyOrder, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: OrderService.method.getMyOrder, cardinality: undefined }) }),
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: OrderService.method.listMyOrders, cardinality: undefined }) }),
        queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema: AccountService.method.getMyDashboard, cardinality: undefined }) }),
      ]),
  });
}
