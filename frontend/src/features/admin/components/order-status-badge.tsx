import { useTranslation } from "react-i18next";
import { OrderStatus, type Order } from "@gen/sabores/v1/types_pb";

const styles: Partial<Record<OrderStatus, { key: string; cls: string }>> = {
  [OrderStatus.COMPLETED]: { key: "orders.status.completed", cls: "bg-green-100 text-green-800" },
  [OrderStatus.PENDING]: { key: "orders.status.pending", cls: "bg-yellow-100 text-yellow-800" },
  [OrderStatus.PREPARING]: { key: "orders.status.preparing", cls: "bg-blue-100 text-blue-800" },
  [OrderStatus.SHIPPED]: { key: "orders.status.shipped", cls: "bg-indigo-100 text-indigo-800" },
  [OrderStatus.CANCELLED]: { key: "orders.status.cancelled", cls: "bg-red-100 text-red-800" },
};

/** OrderStatusBadge shows 'Entregue' green, 'Em andamento' yellow, 'Cancelado' red, anything else raw in grey. */
export function OrderStatusBadge({ order }: { order: Pick<Order, "status" | "statusText"> }) {
  const { t } = useTranslation("admin");
  const s = styles[order.status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s ? s.cls : "bg-stone-200 text-stone-700"}`}>
      {s ? t(s.key) : order.statusText}
    </span>
  );
}
