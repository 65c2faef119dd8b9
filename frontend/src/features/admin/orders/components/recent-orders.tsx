import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { useRecentOrders } from "@/features/admin/orders/api/orders";
import { OrderStatusBadge } from "@/components/ui/order-status-badge";
import { IdCheckBadge } from "@/features/admin/orders/components/id-check-badge";

/** RecentOrders lists the shop's latest orders of every customer. */
export function RecentOrders() {
  const { t, i18n } = useTranslation("admin");
  const { data, isPending, isError } = useRecentOrders();
  const date = (d: Date) => formatDate(d, i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section aria-labelledby="orders-title" className="card p-4 sm:p-6">
      <h2 id="orders-title" className="text-lg font-bold">
        {t("orders.title")}
      </h2>
      {isPending && <Spinner label={t("loading")} />}
      {isError && (
        <p role="alert" className="mt-3 text-red-700">
          {t("loadError")}
        </p>
      )}
      {data && data.orders.length === 0 && <p className="mt-3 text-stone-700">{t("orders.empty")}</p>}
      <Link to="/admin/orders" className="mt-1 inline-block text-sm text-brand-700 underline">
        {t("desk.all")}
      </Link>
      {data && data.orders.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-100">
          {data.orders.map((o) => (
            <li key={String(o.id)} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm">
              <Link to={`/admin/orders/${o.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {t("orders.number", { id: String(o.id) })}
              </Link>
              <span className="break-all text-stone-700">{o.customerEmail}</span>
              <span className="text-stone-700">{o.createTime ? date(timestampDate(o.createTime)) : ""}</span>
              <OrderStatusBadge order={o} ns="admin" keyPrefix="orders.status" />
              <IdCheckBadge order={o} />
              <Price cents={o.totalCents} className="ml-auto font-bold" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
