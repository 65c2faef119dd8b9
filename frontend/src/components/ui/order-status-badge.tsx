import { useTranslation } from "react-i18next";
import { type Order, OrderStatus } from "@gen/sabores/v1/types_pb";

const styles: Partial<Record<OrderStatus, { key: string; cls: string }>> = {
  [OrderStatus.COMPLETED]: { key: "completed", cls: "bg-green-100 text-green-800" },
  [OrderStatus.PENDING]: { key: "pending", cls: "bg-yellow-100 text-yellow-800" },
  [OrderStatus.PREPARING]: { key: "preparing", cls: "bg-blue-100 text-blue-800" },
  [OrderStatus.READY_FOR_PICKUP]: { key: "readyForPickup", cls: "bg-teal-100 text-teal-800" },
  [OrderStatus.SHIPPED]: { key: "shipped", cls: "bg-indigo-100 text-indigo-800" },
  [OrderStatus.CANCELLED]: { key: "cancelled", cls: "bg-red-100 text-red-800" },
};

/**
 * OrderStatusBadge shows a status in its colour ('Entregue' green, 'Em
 * curso' yellow, 'Cancelada' red), anything else raw in grey. The
 * shopper's pages and the back office each keep the words in their own
 * namespace (ns, under keyPrefix), where their spec texts are checked.
 */
export function OrderStatusBadge({
  order,
  ns,
  keyPrefix,
}: {
  order: Pick<Order, "status" | "statusText">;
  ns: "account" | "admin";
  keyPrefix: string;
}) {
  const { t } = useTranslation(ns, { keyPrefix });
  const s = styles[order.status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s ? s.cls : "bg-stone-200 text-stone-700"}`}>
      {s ? t(s.key) : order.statusText}
    </span>
  );
}
