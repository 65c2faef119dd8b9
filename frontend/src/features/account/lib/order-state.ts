import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { OrderPayment } from "@gen/sabores/v1/order_service_pb";
import { ParcelState, type ParcelTracking } from "@gen/sabores/v1/parcel_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { type Order, OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";

/** OrderStateKey is where an order stands as the shopper is told it (account "state.<key>"). */
export type OrderStateKey =
  | "awaitingPayment"
  | "placed"
  | "paid"
  | "preparing"
  | "readyForPickup"
  | "shipped"
  | "inTransit"
  | "delivered"
  | "collected"
  | "cancelled"
  | "refundPending"
  | "refunded";

/** OrderState is the one message an order's page gives of it; deadline is when an unpaid order is cancelled. */
export interface OrderState {
  key: OrderStateKey;
  deadline?: Date;
}

/**
 * orderState derives the one message about an order from all its states
 * (fulfilment, payment, the parcel's), so that no two parts of a page
 * contradict each other: a paid order not yet being prepared is "paid",
 * not "preparing"; a cancelled order never reads "preparing", and says
 * whether money is owed back (refund pending), given back (refunded) or was
 * never taken (cancelled).
 */
export function orderState(
  order: Pick<Order, "status" | "paymentStatus" | "shippingKind">,
  payment?: Pick<OrderPayment, "expireTime">,
  tracking?: Pick<ParcelTracking, "state">,
): OrderState {
  const pay = order.paymentStatus;
  const pickup = order.shippingKind === ShippingKind.PICKUP;
  if (order.status === OrderStatus.CANCELLED) {
    if (pay === PaymentStatus.REFUNDED) return { key: "refunded" };
    if (pay === PaymentStatus.PAID || pay === PaymentStatus.PARTIALLY_REFUNDED) return { key: "refundPending" };
    return { key: "cancelled" };
  }
  // Everything given back after a withdrawal: the refund is the news.
  if (pay === PaymentStatus.REFUNDED) return { key: "refunded" };
  switch (order.status) {
    case OrderStatus.COMPLETED:
      return { key: pickup ? "collected" : "delivered" };
    case OrderStatus.READY_FOR_PICKUP:
      return { key: "readyForPickup" };
    case OrderStatus.SHIPPED:
      if (tracking?.state === ParcelState.DELIVERED) return { key: "delivered" };
      if (tracking?.state === ParcelState.IN_TRANSIT) return { key: "inTransit" };
      return { key: "shipped" };
    case OrderStatus.PREPARING:
      return { key: "preparing" };
  }
  if (pay === PaymentStatus.AWAITING_PAYMENT) {
    return { key: "awaitingPayment", deadline: payment?.expireTime ? timestampDate(payment.expireTime) : undefined };
  }
  return { key: pay === PaymentStatus.PAID ? "paid" : "placed" };
}
