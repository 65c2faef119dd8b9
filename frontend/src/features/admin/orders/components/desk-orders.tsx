import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { OrderStatusBadge } from "@/components/ui/order-status-badge";
import { IdCheckBadge } from "@/features/admin/orders/components/id-check-badge";
import { Price } from "@/components/ui/price";
import { formatDate } from "@/lib/format-date";
import { type Order, PaymentStatus } from "@gen/sabores/v1/types_pb";

function PaymentBadge({ order }: { order: Order }) {
  const { t } = useTranslation("admin");
  const paid = order.paymentStatus === PaymentStatus.PAID;
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${paid ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-800"}`}>
      {t(`desk.payment.${(PaymentStatus[order.paymentStatus] ?? "UNSPECIFIED").toLowerCase()}`)}
    </span>
  );
}

/**
 * DeskOrders lists a page of the desk: a table from tablet width, cards on
 * a phone, each order's number a link to its page; an order of adults-only
 * goods is marked, as its label needs the carrier's ID check.
 */
export function DeskOrders({ orders }: { orders: Order[] }) {
  const { t, i18n } = useTranslation("admin");
  const date = (o: Order) =>
    o.createTime ? formatDate(timestampDate(o.createTime), i18n.language, { dateStyle: "short", timeStyle: "short" }) : "";
  const link = (o: Order) => (
    <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {t("orders.number", { id: String(o.id) })}
    </Link>
  );
  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <caption className="sr-only">{t("desk.title")}</caption>
        <thead className="border-b border-stone-200 text-stone-600">
          <tr>
            <th scope="col" className="py-2 pr-3">{t("desk.order")}</th>
            <th scope="col" className="py-2 pr-3">{t("desk.date")}</th>
            <th scope="col" className="py-2 pr-3">{t("desk.customer")}</th>
            <th scope="col" className="py-2 pr-3">{t("desk.postalCode")}</th>
            <th scope="col" className="py-2 pr-3">{t("desk.status")}</th>
            <th scope="col" className="py-2 pr-3">{t("desk.paymentStatus")}</th>
            <th scope="col" className="py-2 text-right">{t("desk.total")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((o) => (
            <tr key={String(o.id)}>
              <td className="py-2 pr-3">{link(o)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{date(o)}</td>
              <td className="py-2 pr-3">
                <span className="block">{o.delivery?.name}</span>
                <span className="block break-all text-stone-600">{o.delivery?.email}</span>
              </td>
              <td className="py-2 pr-3">{o.delivery?.postalCode}</td>
              <td className="py-2 pr-3">
                <span className="flex flex-wrap gap-1">
                  <OrderStatusBadge order={o} ns="admin" keyPrefix="orders.status" />
                  <IdCheckBadge order={o} />
                </span>
              </td>
              <td className="py-2 pr-3">
                <PaymentBadge order={o} />
              </td>
              <td className="py-2 text-right font-semibold">
                <Price cents={o.totalCents} amount />
                <DiscountNote order={o} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-stone-100 md:hidden">
        {orders.map((o) => (
          <li key={String(o.id)} className="grid gap-1 py-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              {link(o)}
              <span className="text-right">
                <Price cents={o.totalCents} amount className="font-semibold" />
                <DiscountNote order={o} />
              </span>
            </div>
            <span className="text-stone-700">{date(o)}</span>
            <span>
              {o.delivery?.name} · {o.delivery?.postalCode}
            </span>
            <span className="break-all text-stone-600">{o.delivery?.email}</span>
            <div className="flex flex-wrap gap-2">
              <OrderStatusBadge order={o} ns="admin" keyPrefix="orders.status" />
              <PaymentBadge order={o} />
              <IdCheckBadge order={o} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** DiscountNote is the discount code an order was sold with and what it took off, under its total. */
function DiscountNote({ order }: { order: Order }) {
  const { t } = useTranslation("admin");
  if (order.discountCents <= 0n) return null;
  return (
    <span className="block text-xs font-normal whitespace-nowrap text-stone-600">
      {t("desk.listDiscount", { code: order.discountCode })} −<Price cents={order.discountCents} amount />
    </span>
  );
}
