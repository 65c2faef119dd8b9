import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import type { DailyStat } from "@gen/sabores/v1/admin_dashboard_service_pb";

/**
 * DailyTable is the chart's numbers as a table (money paid, online and
 * at the till, and refunded per Madrid day): read by screen readers in
 * place of the chart and shown to anyone who opens it.
 */
export function DailyTable({ daily }: { daily: DailyStat[] }) {
  const { t, i18n } = useTranslation("admin");
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-semibold text-brand-700">{t("dashboard.showTable")}</summary>
      <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={t("dashboard.dailyTitle")}>
        <table className="w-full text-left">
          <caption className="sr-only">{t("dashboard.dailyTitle")}</caption>
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-1 pr-3">{t("dashboard.day")}</th>
              <th scope="col" className="py-1 pr-3 text-right">{t("dashboard.paidOrders")}</th>
              <th scope="col" className="py-1 pr-3 text-right">{t("dashboard.paidGross")}</th>
              <th scope="col" className="py-1 pr-3 text-right">{t("dashboard.refundedDay")}</th>
              <th scope="col" className="py-1 text-right">{t("dashboard.paidNet")}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date} className="border-b border-stone-100 last:border-0">
                <th scope="row" className="py-1 pr-3 font-normal">{d.date}</th>
                <td className="py-1 pr-3 text-right">{d.paidOrders}</td>
                <td className="py-1 pr-3 text-right">{formatPrice(d.paidCents, i18n.language)}</td>
                <td className="py-1 pr-3 text-right">{formatPrice(d.refundedCents, i18n.language)}</td>
                <td className="py-1 text-right">{formatPrice(d.netCents, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
