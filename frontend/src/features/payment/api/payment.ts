import { useMutation } from "@connectrpc/connect-query";
import { OrderService } from "@gen/sabores/v1/order_service_pb";

/** useStartPayment starts a new card or Bizum payment attempt and returns the form for Redsys. */
export function useStartPayment() {
  return useMutation(OrderService.method.startPayment);
}
