import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDate, formatShopTime } from "@/lib/format-date";
import { type LotDelivery, type LotSale, LotSaleChannel } from "@gen/sabores/v1/admin_recall_service_pb";

/** day shows a YYYY-MM-DD calendar day as a medium date. */
export function useDay() {
  const { i18n } = useTranslation();
  return (s: string) => (s ? formatDate(new Date(`${s}T12:00:00Z`), i18n.language, { dateStyle: "medium", timeZone: "UTC" }) : "");
}

/** Deliveries is one step back: each delivery that brought the lots in, with its supplier and document. */
export function Deliveries({ deliveries, codes }: { deliveries: LotDelivery[]; codes: Map<bigint, string> }) {
  const { t } = useTranslation("recalls");
  const day = useDay();
  return (
    <section className="card p-4" aria-labelledby="recall-back">
      <h2 id="recall-back" className="mb-2 text-lg font-semibold">
        {t("back")}
      </h2>
      {deliveries.length === 0 && <p className="text-stone-700">{t("noDeliveries")}</p>}
      <ul className="divide-y divide-stone-100">
        {deliveries.map((d) => (
          <li key={`${d.deliveryId}-${d.lotId}`} className="grid gap-0.5 py-2 text-sm">
            <span className="font-semibold break-words">
              {d.supplierName} · {t("taxId")} {d.supplierTaxId}
            </span>
            <span>
              {t("document", { doc: d.documentNumber })} · {day(d.deliveredOn)} · {t("lot", { code: codes.get(d.lotId) ?? "" })} ·{" "}
              {t("units", { count: d.units })}
            </span>
            {d.supplierContact && <span className="break-words text-stone-700">{d.supplierContact}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Sales is one step forward: every order and till sale holding units of the lots, with who to reach. */
export function Sales({
  sales,
  count = sales.length,
  codes,
  emails,
}: {
  sales: LotSale[];
  /** count is the sales in all, when sales is the pages loaded so far. */
  count?: number;
  codes: Map<bigint, string>;
  emails?: boolean;
}) {
  const { t, i18n } = useTranslation("recalls");
  return (
    <section className="card p-4" aria-labelledby="recall-forward">
      <h2 id="recall-forward" className="mb-2 text-lg font-semibold">
        {t("forward", { count })}
      </h2>
      {sales.length === 0 && <p className="text-stone-700">{t("noSales")}</p>}
      <ul className="divide-y divide-stone-100">
        {sales.map((s) => (
          <li key={`${s.orderId}-${s.lotId}`} className="grid gap-0.5 py-2 text-sm" data-testid="recall-sale">
            <span className="font-semibold">
              <Link to={`/admin/orders/${s.orderId}`} className="underline">
                {t(s.channel === LotSaleChannel.STORE ? "tillSale" : "order", { id: String(s.orderId) })}
              </Link>{" "}
              · {t(`status.${s.status}`, { defaultValue: s.status })}
            </span>
            <span>
              {formatShopTime(new Date(s.placedAt), i18n.language)} · {t("lot", { code: codes.get(s.lotId) ?? "" })} ·{" "}
              {t("units", { count: s.units })}
            </span>
            {s.businessName && (
              <span className="break-words">
                {t("business")}: <strong>{s.businessName}</strong> {s.businessTaxId && `· ${t("taxId")} ${s.businessTaxId}`}
              </span>
            )}
            {s.channel === LotSaleChannel.WEB && (
              <span className="break-words">
                {s.name}
                {s.email && (
                  <>
                    {" · "}
                    <a className="underline" href={`mailto:${s.email}`}>
                      {s.email}
                    </a>
                  </>
                )}
                {s.phone && (
                  <>
                    {" · "}
                    <a className="underline" href={`tel:${s.phone}`}>
                      {s.phone}
                    </a>
                  </>
                )}
              </span>
            )}
            {s.channel === LotSaleChannel.STORE && !s.businessName && <span className="text-stone-700">{t("tillNoContact")}</span>}
            {emails && s.channel === LotSaleChannel.WEB && (
              <span className="w-fit rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-900">
                {s.emailSentAt
                  ? t("emailSent", { at: formatShopTime(new Date(s.emailSentAt), i18n.language) })
                  : s.emailQueued
                    ? t("emailQueued")
                    : t("emailNone")}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
