import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { Deliveries, Sales, useDay } from "@/features/admin/recalls/components/lot-trail";
import { useExportRecall, useRecall } from "@/features/admin/recalls/api/recalls";
import { formatShopTime } from "@/lib/format-date";
import { RecallExportFormat } from "@gen/sabores/v1/admin_recall_service_pb";

/**
 * Recall is /admin/recalls/:id: the recall, its lots as they stand, one step
 * back (suppliers and deliveries), one step forward (every order and till
 * sale with who to reach and the e-mail's state), and the authority's files.
 */
export default function Recall() {
  const { t, i18n } = useTranslation("recalls");
  const { id = "" } = useParams();
  const recallId = /^[0-9]+$/.test(id) ? BigInt(id) : 0n;
  const recall = useRecall(recallId);
  const exportFile = useExportRecall();
  const day = useDay();
  const language = i18n.language.startsWith("pt") ? "pt" : "es";
  if (recall.isPending) return <Spinner label={t("loading")} />;
  if (recall.isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  const r = recall.data;
  const codes = new Map(r.lots.map((l) => [l.lotId, l.code]));
  return (
    <div className="space-y-4">
      <BackLink to="/admin/recalls">{t("backToRecalls")}</BackLink>
      <h1 className="text-2xl font-bold break-words">{t("recallTitle", { id: String(r.recallId), product: r.productName })}</h1>
      <section className="card grid gap-1 p-4 text-sm" aria-label={t("summary")}>
        <span>
          {t("startedAt")}: {formatShopTime(new Date(r.startedAt), i18n.language)}
          {r.startedBy && ` · ${r.startedBy}`}
        </span>
        <span className="break-words">
          {t("reason")}: {r.reason}
        </span>
        <ul className="mt-1 space-y-1">
          {r.lots.map((l) => (
            <li key={String(l.lotId)}>
              <Link to={`/admin/trace/${l.lotId}`} className="font-semibold underline">
                {t("lot", { code: l.code })}
              </Link>{" "}
              · {day(l.expiresOn)} ·{" "}
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                {t("blockedUnits", { count: l.blocked })}
              </span>
              {l.quarantined > 0 && ` · ${t("quarantined", { count: l.quarantined })}`}
              {l.remaining > 0 && ` · ${t("onSale", { count: l.remaining })}`}
            </li>
          ))}
        </ul>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            disabled={exportFile.isPending}
            onClick={() => exportFile.mutate({ recallId: r.recallId, format: RecallExportFormat.CSV, language })}
          >
            {t("exportCsv")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={exportFile.isPending}
            onClick={() => exportFile.mutate({ recallId: r.recallId, format: RecallExportFormat.PDF, language })}
          >
            {t("exportPdf")}
          </button>
        </div>
        {exportFile.isError && <ErrorBox>{t("exportError")}</ErrorBox>}
      </section>
      {r.heldOrders.length > 0 && (
        <section className="card space-y-2 p-4 text-sm" aria-label={t("held.title")}>
          <h2 className="font-semibold">{t("held.title")}</h2>
          <p>{t("held.intro")}</p>
          <ul className="space-y-1">
            {r.heldOrders.map((h, i) => (
              <li key={i} className="break-words">
                <Link to={`/admin/lots/orders/${h.orderId}`} className="underline">
                  {t("order", { id: String(h.orderId) })}
                </Link>
                {" · "}
                {h.toLotCode ? (
                  t("held.swapped", { count: h.units, from: h.fromLotCode, to: h.toLotCode })
                ) : (
                  <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                    {t("held.unserved", { count: h.units, from: h.fromLotCode })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Deliveries deliveries={r.deliveries} codes={codes} />
      <Sales sales={r.sales} codes={codes} emails />
    </div>
  );
}
