import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { OrderService, PaymentAttemptStatus } from "@gen/sabores/v1/order_service_pb";
import { PaymentStatus } from "@gen/sabores/v1/types_pb";
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

/** pollMs is how often the order page asks again while a payment's outcome is on its way. */
const pollMs = 1500;

/**
 * useMyOrder loads one of the client's orders with its timeline, its
 * payment and whether it may still be cancelled. While waitingForPayment is
 * true and the newest card or Bizum attempt is undecided (the shopper came
 * back from the bank before Redsys notified the shop), it asks again every
 * 1.5 s until the notification has decided.
 */
export function useMyOrder(id: bigint, enabled: boolean, waitingForPayment = false) {
  const language = useApiLanguage();
  return useQuery(
    OrderService.method.getMyOrder,
    { id, language },
    {
      enabled: enabled && id > 0n,
      staleTime: 0,
      refetchInterval: (query) => {
        const res = query.state.data;
        const pending =
          res?.order?.paymentStatus === PaymentStatus.AWAITING_PAYMENT &&
          res.payment?.lastAttempt === PaymentAttemptStatus.PENDING;
        return waitingForPayment && pending ? pollMs : false;
      },
    },
  );
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
