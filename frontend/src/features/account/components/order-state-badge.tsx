import { useTranslation } from "react-i18next";
import { orderState, type OrderStateKey } from "@/features/account/lib/order-state";
import { type Order, OrderStatus } from "@gen/sabores/v1/types_pb";

// Colours as the spec gives them: under way yellow, delivered green,
// cancelled red; the steps between in their own colours.
const tones: Record<OrderStateKey, string> = {
  awaitingPayment: "bg-yellow-100 text-yellow-800",
  placed: "bg-yellow-100 text-yellow-800",
  paid: "bg-yellow-100 text-yellow-800",
  preparing: "bg-blue-100 text-blue-800",
  readyForPickup: "bg-teal-100 text-teal-800",
  shipped: "bg-indigo-100 text-indigo-800",
  inTransit: "bg-indigo-100 text-indigo-800",
  delivered: "bg-green-100 text-green-800",
  collected: "bg-green-100 text-green-800",
  cancelled: "bg-red-100 text-red-800",
  refundPending: "bg-red-100 text-red-800",
  refunded: "bg-red-100 text-red-800",
};

/**
 * OrderStateBadge is an order's state in the shopper's list, in the words
 * of the order's own page (orderState, account "state.<key>.title"), so
 * that the list cannot say "Cancelado" where the page says "Importe
 * devuelto". A status this app does not know is shown raw in grey.
 */
export function OrderStateBadge({ order }: { order: Pick<Order, "status" | "statusText" | "paymentStatus" | "shippingKind"> }) {
  const { t } = useTranslation("account", { keyPrefix: "state" });
  if (order.status === OrderStatus.UNSPECIFIED) {
    return <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-700">{order.statusText}</span>;
  }
  const { key } = orderState(order);
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[key]}`}>{t(`${key}.title`)}</span>;
}
