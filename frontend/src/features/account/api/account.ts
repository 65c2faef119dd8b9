import { useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
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
