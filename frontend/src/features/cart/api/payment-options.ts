import { useQuery } from "@connectrpc/connect-query";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import type { CartItem } from "@/stores/cart-rules";
import { cartLinesInput } from "@/features/cart/api/cart";

/**
 * usePaymentOptions loads the payment methods the shop takes now and the
 * cash-on-delivery surcharge for the cart's items, and which methods that
 * order could not be paid with and why (cash from 1 000 €).
 */
export function usePaymentOptions(items: CartItem[]) {
  return useQuery(OrderService.method.getPaymentOptions, { lines: cartLinesInput(items) }, { staleTime: 60_000 });
}
