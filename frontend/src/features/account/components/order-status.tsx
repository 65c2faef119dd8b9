import { useTranslation } from "react-i18next";
import { OrderStatus } from "@gen/sabores/v1/types_pb";
import type { Order } from "@gen/sabores/v1/types_pb";

const styles: Partial<Record<OrderStatus, { key: string; cls: string }>> = {
  [OrderStatus.COMPLETED]: { key: "status.completed", cls: "bg-green-100 text-green-800" },
  [OrderStatus.PENDING]: { key: "status.pending", cls: "bg-yellow-100 text-yellow-800" },
  [OrderStatus.PREPARING]: { key: "status.preparing", cls: "bg-blue-100 text-blue-800" },
  [OrderStatus.SHIPPED]: { key: "status.shipped", cls: "bg-indigo-100 text-indigo-800" },
  [OrderStatus.CANCELLED]: { key: "status.cancelled", cls: "bg-red-100 text-red-800" },
};

/** OrderStatusBadge shows a status in its colour; unknown ones raw in grey. */
export function OrderStatusBadge({ order }: { order: Pick<Order, "status" | "statusText"> }) {
  const { t } = useTranslation("account");
  const s = styles[order.status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${s ? s.cls : "bg-stone-200 text-stone-700"}`}>
      {s ? t(s.key) : order.statusText}
    </span>
  );
}
