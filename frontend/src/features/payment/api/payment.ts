import { useMutation, useQuery } from "@connectrpc/connect-query";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import { PaymentAttemptStatus } from "@gen/sabores/v1/order_service_pb";
import { PaymentStatus } from "@gen/sabores/v1/types_pb";
import { useApiLanguage } from "@/lib/api-language";

/** pollMs is how often the order page asks again while a payment's outcome is on its way. */
const pollMs = 1500;

/**
 * useMyOrder loads one of the shopper's orders with its payment. While
 * waiting is true and the newest card or Bizum attempt is undecided (the
 * shopper came back from the bank before Redsys notified the shop), it asks
 * again every 1.5 s until the notification has decided.
 */
export function useMyOrder(id: bigint, waiting: boolean) {
  const language = useApiLanguage();
  return useQuery(
    OrderService.method.getMyOrder,
    { id, language },
    {
      enabled: id > 0n,
      staleTime: 0,
      refetchInterval: (query) => {
        const res = query.state.data;
        const pending =
          res?.order?.paymentStatus === PaymentStatus.AWAITING_PAYMENT &&
          res.payment?.lastAttempt === PaymentAttemptStatus.PENDING;
        return waiting && pending ? pollMs : false;
      },
    },
  );
}

/** useStartPayment starts a new card or Bizum payment attempt and returns the form for Redsys. */
export function useStartPayment() {
  return useMutation(OrderService.method.startPayment);
}
