import { createConnectQueryKey, useMutation, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import type { DescMessage, DescMethodUnary } from "@bufbuild/protobuf";
import { AdminService, OrderView } from "@gen/sabores/v1/admin_service_pb";
import type { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";

/** deskPageSize is how many orders the order desk shows at a time. */
export const deskPageSize = 25;

// key matches every cached answer of a method, whatever its request.
function key<I extends DescMessage, O extends DescMessage>(schema: DescMethodUnary<I, O>) {
  return createConnectQueryKey({ schema, cardinality: undefined });
}

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
    AdminService.method.listOrders,
    { ...filters, pageSize: deskPageSize, pageToken, view: OrderView.BASIC },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
}

/** useAdminOrder loads one order with its timeline and the actions allowed now. */
export function useAdminOrder(id: bigint) {
  return useQuery(AdminService.method.getAdminOrder, { id }, { enabled: id > 0n, staleTime: 0 });
}

/**
 * useAdvanceOrder takes a lifecycle step; the order page, the desk and the
 * dashboard read the order again afterwards, whatever the server said.
 */
export function useAdvanceOrder() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.advanceOrder, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.getAdminOrder) }),
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.listOrders) }),
        queryClient.invalidateQueries({ queryKey: key(AdminService.method.getDashboardStats) }),
      ]),
  });
}

/** useFailedEmails loads one page of the e-mails not accepted yet. */
export function useFailedEmails(pageToken: string) {
  return useQuery(AdminService.method.listFailedEmails, { pageToken }, { placeholderData: keepPreviousData, staleTime: 0 });
}

/** useRetryEmail sends a failed e-mail again; the list is read again afterwards. */
export function useRetryEmail() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.retryEmail, {
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(AdminService.method.listFailedEmails) }),
  });
}

// invalidateOrder reads again what a refund changes: the order, the desk and the dashboard.
function invalidateOrder(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key(AdminService.method.getAdminOrder) }),
    queryClient.invalidateQueries({ queryKey: key(AdminService.method.listOrders) }),
    queryClient.invalidateQueries({ queryKey: key(AdminService.method.getDashboardStats) }),
  ]);
}

/** useRetryRefund asks Redsys again for a failed or unknown card refund; the order is read again afterwards. */
export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.retryRefund, { onSettled: () => invalidateOrder(queryClient) });
}

/** useRecordBankRefund records the bank transfer that gave back a cancelled order's money. */
export function useRecordBankRefund() {
  const queryClient = useQueryClient();
  return useMutation(AdminService.method.recordBankRefund, { onSettled: () => invalidateOrder(queryClient) });
}
