import { useQuery } from "@connectrpc/connect-query";
import { OrderService } from "@gen/sabores/v1/order_service_pb";

/**
 * usePaymentOptions loads the payment methods the shop takes now and the
 * cash-on-delivery surcharge, for the payment step.
 */
export function usePaymentOptions() {
  return useQuery(OrderService.method.getPaymentOptions, {}, { staleTime: 60_000 });
}
