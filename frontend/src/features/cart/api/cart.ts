import { skipToken, useQuery } from "@connectrpc/connect-query";
import { keepPreviousData } from "@tanstack/react-query";
import { CartService } from "@gen/sabores/v1/cart_service_pb";
import type { CartItem } from "@/stores/cart-rules";
import { useApiLanguage } from "@/lib/api-language";

/** cartLinesInput is the cart as the API takes it: ids and quantities only, never prices. */
export function cartLinesInput(items: CartItem[]) {
  return items.map((i) => ({ productId: BigInt(i.id), quantity: i.quantity }));
}

/**
 * useValidateCart prices the cart on the server with today's prices,
 * promotions and stock, and quotes its shipping: with the delivery's postal
 * code for real, without one as an estimate; shippingMethod is the shopper's
 * choice ("" lets the shop pick the cheapest home delivery); discountCode is
 * the code applied, whose discount or refusal comes back in `discount`.
 */
export function useValidateCart(items: CartItem[], postalCode = "", shippingMethod = "", discountCode = "") {
  const language = useApiLanguage();
  const request = items.length ? { lines: cartLinesInput(items), language, postalCode, shippingMethod, discountCode } : skipToken;
  return useQuery(CartService.method.validateCart, request, {
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
