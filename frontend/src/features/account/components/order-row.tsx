import { formatDate } from "@/lib/format-date";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Price } from "@/components/ui/price";
import { OrderDetails } from "@/features/account/components/order-details";
import { OrderStateBadge } from "@/features/account/components/order-state-badge";
import { WithdrawLink } from "@/features/account/components/withdrawal/withdraw-link";
import type { Order } from "@gen/sabores/v1/types_pb";

/** OrderRow summarises an order: number, date, items, total and status (details optional). */
export function OrderRow({ order, details = false }: { order: Order; details?: boolean }) {
  const { t, i18n } = useTranslation("account");
  const date = order.createTime
    ? formatDate(timestampDate(order.createTime), i18n.language, { dateStyle: "medium", timeStyle: "short" })
    : "";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
      <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {t("orders.number", { id: order.id })}
      </Link>
      <span className="text-sm text-stone-700">{date}</span>
      <span className="text-sm text-stone-700">{t("orders.items", { count: order.itemCount })}</span>
      <span className="text-sm text-stone-700">{t(`orders.payment.${order.paymentMethod}`)}</span>
      {order.discountCents > 0n && (
        <span className="text-sm text-stone-700">
          {t("orders.discount", { code: order.discountCode })} −<Price cents={order.discountCents} amount />
        </span>
      )}
      <OrderStateBadge order={order} />
      <Price cents={order.totalCents} className="ml-auto font-bold" />
      {details && <WithdrawLink order={order} />}
      {details && <OrderDetails order={order} />}
    </li>
  );
}
