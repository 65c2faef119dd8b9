import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useExpiringLots, useSetSellPast } from "@/features/admin/lots/api/lots";
import { MarkdownForm, type MarkdownProduct } from "@/features/admin/lots/components/markdown-form";
import { ExpiryLinks } from "@/features/admin/lots/components/expiry-links";
import { formatDate } from "@/lib/format-date";
import { LotDateType } from "@gen/sabores/v1/admin_lot_service_pb";

/** Expiring is /admin/lots: the lots dated within the next N days (30 unless asked), soonest first. */
export default function Expiring() {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const [days, setDays] = useState(30);
  const [typed, setTyped] = useState("30");
  const lots = useExpiringLots(days);
  const sellPast = useSetSellPast();
  // The products chosen for a near-expiry markdown, by product id.
  const [chosen, setChosen] = useState<Map<bigint, MarkdownProduct>>(new Map());
  // A best-before lot to sell past its date once its price is set.
  const [pastLot, setPastLot] = useState<{ lotId: bigint; product: MarkdownProduct } | null>(null);
  const toggle = (p: MarkdownProduct) =>
    setChosen((m) => {
      const next = new Map(m);
      if (next.has(p.id)) next.delete(p.id);
      else next.set(p.id, p);
      return next;
    });
  const day = (s: string) => formatDate(new Date(`${s}T12:00:00Z`), i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("lots.expiring.title")}</h1>
      <ExpiryLinks />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(typed);
          if (Number.isInteger(n) && n >= 1 && n <= 366) setDays(n);
        }}
      >
        <div>
          <label htmlFor={`${id}-days`} className="mb-1 block text-sm font-medium">
            {t("lots.expiring.days")}
          </label>
          <input id={`${id}-days`} className="input w-24" inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline">
          {t("lots.expiring.show")}
        </button>
      </form>
      <section className="card p-4" aria-label={t("lots.expiring.list", { days })}>
        {lots.isPending && <Spinner label={t("loading")} />}
        {lots.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        {sellPast.isError && <ErrorBox>{t("lots.saveError")}</ErrorBox>}
        {lots.data && lots.data.lots.length === 0 && <p className="text-stone-700">{t("lots.expiring.empty", { days })}</p>}
        <ul className="divide-y divide-stone-100">
          {lots.data?.lots.map((l) => (
            <li key={String(l.lotId)} className="grid gap-1 py-3 text-sm">
              <label className="flex items-start gap-2 font-semibold break-words">
                <input
                  type="checkbox"
                  className="mt-1 size-4 shrink-0"
                  checked={chosen.has(l.productId)}
                  onChange={() => toggle({ id: l.productId, name: l.productName })}
                  aria-label={t("lotsExpiry.markdown.choose", { name: l.productName, code: l.code })}
                />
                <span>{l.productName}</span>
              </label>
              <span>
                {t("lots.expiring.lot", { code: l.code })} · {t(`lots.dateTypes.${l.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore"}`)}{" "}
                <strong>{day(l.expiresOn)}</strong>
              </span>
              <span className="text-stone-700">
                {t("lots.expiring.remaining", { count: l.remaining })}
                {l.supplierName && ` · ${l.supplierName}`}
              </span>
              {l.dateType === LotDateType.BEST_BEFORE && (
                <button
                  type="button"
                  className="btn btn-outline w-fit"
                  disabled={sellPast.isPending}
                  onClick={() =>
                    l.sellPastBestBefore
                      ? sellPast.mutate({ lotId: l.lotId, sell: false })
                      : setPastLot({ lotId: l.lotId, product: { id: l.productId, name: l.productName } })
                  }
                >
                  {t(l.sellPastBestBefore ? "lots.expiring.stopSellPast" : "lots.expiring.sellPast", { code: l.code })}
                </button>
              )}
              {l.quarantined > 0 && (
                <span className="w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                  {t("lots.expiring.quarantined", { count: l.quarantined })}
                </span>
              )}
              {l.blocked > 0 && (
                <span className="w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                  {t("lots.expiring.blocked", { count: l.blocked, reason: t(`lots.blockReasons.${l.blockedReason}`, { defaultValue: l.blockedReason }) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>
      {pastLot && (
        <section className="card space-y-2 p-4" aria-label={t("lotsExpiry.sellPast.title")}>
          <p className="text-sm">{t("lotsExpiry.sellPast.explain")}</p>
          <MarkdownForm
            key={`past-${pastLot.lotId}`}
            products={[pastLot.product]}
            submitLabel={t("lotsExpiry.sellPast.submit")}
            onStarted={() => sellPast.mutate({ lotId: pastLot.lotId, sell: true }, { onSuccess: () => setPastLot(null) })}
          />
          <button type="button" className="btn btn-outline" onClick={() => setPastLot(null)}>
            {t("cancel")}
          </button>
        </section>
      )}
      {chosen.size > 0 && (
        <section className="card p-4" aria-label={t("lotsExpiry.markdown.region")}>
          <MarkdownForm key={[...chosen.keys()].join(",")} products={[...chosen.values()]} />
        </section>
      )}
    </div>
  );
}
