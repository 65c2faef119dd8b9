import { useTranslation } from "react-i18next";
import { madridDay as day } from "@/features/admin/dashboard/components/madrid-day";
import { formatPrice } from "@/lib/format-price";
import type { PaidPeriod } from "@gen/sabores/v1/admin_dashboard_service_pb";

/**
 * PaidPeriods is the money actually paid, online and at the till, less what was refunded,
 * in each labelled period of Madrid days (issue 37): an order counts the
 * day its money arrived, a refund the day it was given back. A period with
 * neither says so instead of "0,00 €".
 */
export function PaidPeriods({ periods }: { periods: PaidPeriod[] }) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "dashboard.paid" });
  const money = (cents: bigint) => formatPrice(cents, i18n.language);
  if (periods.length === 0) return null;
  return (
    <section aria-labelledby="paid-title">
      <h2 id="paid-title" className="text-lg font-bold">
        {t("title")}
      </h2>
      <p className="text-sm text-stone-700">{t("hint")}</p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {periods.map((p) => {
          const span = p.fromDay === p.toDay ? day(p.toDay, i18n.language) : `${day(p.fromDay, i18n.language)} – ${day(p.toDay, i18n.language)}`;
          const nothing = p.paidOrders === 0 && p.refundedCents === 0n;
          return (
            <li key={p.period} className="card p-4" aria-labelledby={`paid-${p.period}`}>
              <h3 id={`paid-${p.period}`} className="font-semibold">
                {t(`periods.${p.period}`, { defaultValue: p.period })}
              </h3>
              <p className="text-xs text-stone-600">{t("span", { span })}</p>
              {nothing ? (
                <p className="mt-2 text-stone-700">{t("nothing")}</p>
              ) : (
                <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-2 text-sm">
                  <dt className="text-stone-700">{t("net")}</dt>
                  <dd className="text-right text-xl font-bold">{money(p.netCents)}</dd>
                  <dt className="text-stone-700">{t("paid", { count: p.paidOrders })}</dt>
                  <dd className="text-right">{money(p.paidCents)}</dd>
                  <dt className="text-stone-700">{t("refunded")}</dt>
                  <dd className="text-right">{p.refundedCents === 0n ? money(0n) : `−${money(p.refundedCents)}`}</dd>
                  <dt className="text-stone-700">{t("store")}</dt>
                  <dd className="text-right">{money(p.storeCents)}</dd>
                </dl>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
