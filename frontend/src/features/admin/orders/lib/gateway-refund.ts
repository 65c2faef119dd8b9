import { PaymentMethod, PaymentStatus, type Order } from "@gen/sabores/v1/types_pb";
import type { GatewayRefund } from "@/features/admin/orders/components/order-actions";

/**
 * gatewayRefund is the refund cancelling order sends to Redsys: its total,
 * paid by card or Bizum and not refunded yet, to the shopper it was
 * delivered to; undefined when cancelling refunds nothing through Redsys
 * (unpaid, paid by transfer or cash, or refunded already).
 */
export function gatewayRefund(order: Order): GatewayRefund | undefined {
  if (order.paymentStatus !== PaymentStatus.PAID) return undefined;
  const method = order.paymentMethod === PaymentMethod.CARD ? "card" : order.paymentMethod === PaymentMethod.BIZUM ? "bizum" : undefined;
  if (!method) return undefined;
  return { amountCents: order.totalCents, method, shopper: order.delivery?.name || order.customerEmail };
}
