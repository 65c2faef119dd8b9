import { useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { OrderView } from "@gen/sabores/v1/admin_order_service_pb";
import type { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { methodKey } from "@/features/admin/shared/api/method-key";
import { orderService } from "@/features/admin/orders/api/service";
import { dashboardService } from "@/features/admin/dashboard/api/service";

/** deskPageSize is how many orders the order desk shows at a time. */
export const deskPageSize = 25;

/** recentOrdersCount is how many recent orders the dashboard shows. */
export const recentOrdersCount = 5;

/** DeskFilters are the order desk's filters and search, as ListOrders takes them. */
export interface DeskFilters {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdFrom: string;
  createdTo: string;
  query: string;
}

/**
 * useDeskOrders loads one page of the order desk after pageToken ("" for
 * the first), without the orders' lines: the desk shows none, and the
 * server then reads none.
 */
export function useDeskOrders(filters: DeskFilters, pageToken: string) {
  return useQuery(
    orderService.method.listOrders,
    { ...filters, pageSize: deskPageSize, pageToken, view: OrderView.BASIC },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

/** useRecentOrders lists the latest orders of every customer, without their lines (the list shows none). */
export function useRecentOrders() {
  return useQuery(orderService.method.listOrders, { pageSize: recentOrdersCount, view: OrderView.BASIC }, { staleTime: 0 });
}

/** useAdminOrder loads one order with its timeline and the actions allowed now. */
export function useAdminOrder(id: bigint) {
  return useQuery(orderService.method.getAdminOrder, { id }, { enabled: id > 0n, staleTime: 0 });
}

// invalidateOrder reads again what a lifecycle step or a refund changes: the
// order, the desk and the dashboard's statistics.
function invalidateOrder(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.getAdminOrder) }),
    queryClient.invalidateQueries({ queryKey: methodKey(orderService.method.listOrders) }),
    queryClient.invalidateQueries({ queryKey: methodKey(dashboardService.method.getDashboardStats) }),
  ]);
}

/**
 * useAdvanceOrder takes a lifecycle step; the order page, the desk and the
 * dashboard read the order again afterwards, whatever the server said.
 */
export function useAdvanceOrder() {
  const queryClient = useQueryClient();
  return useMutation(orderService.method.advanceOrder, { onSettled: () => invalidateOrder(queryClient) });
}

/** useRetryRefund asks Redsys again for a failed or unknown card refund; the order is read again afterwards. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation(orderService.method.retryRefund, { onSettled: () => invalidateOrder(queryClient) });
}

/** useRecordBankRefund records the bank transfer that gave back a cancelled order's money. */
export function useRecordBankRefund() {
  const queryClient = useQueryClient();
  return useMutation(orderService.method.recordBankRefund, { onSettled: () => invalidateOrder(queryClient) });
}
