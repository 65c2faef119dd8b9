import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { Deliveries, Sales, useDay } from "@/features/admin/recalls/components/lot-trail";
import { ProductPicker } from "@/features/admin/recalls/components/product-picker";
import { useProductLots, useTraceLot } from "@/features/admin/recalls/api/recalls";
import { LotDateType } from "@gen/sabores/v1/admin_lot_service_pb";

/**
 * Trace is /admin/trace and /admin/trace/:lotId: for any lot, its supplier
 * and deliveries and every sale, on one screen (Reg. 178/2002 art. 18).
 */
export default function Trace() {
  const { t } = useTranslation("recalls");
  const { lotId = "" } = useParams();
  return (
    <div className="space-y-4">
      <BackLink to="/admin/recalls">{t("backToRecalls")}</BackLink>
      <h1 className="text-2xl font-bold">{t("traceTitle")}</h1>
      {/^[0-9]+$/.test(lotId) ? <LotTrace lotId={BigInt(lotId)} /> : <ChooseLot />}
    </div>
  );
}

function ChooseLot() {
  const { t } = useTranslation("recalls");
  const navigate = useNavigate();
  const day = useDay();
  const [product, setProduct] = useState<{ id: bigint; name: string } | null>(null);
  const lots = useProductLots(product?.id);
  return (
    <section className="card space-y-3 p-4" aria-label={t("chooseLot")}>
      <ProductPicker onPick={setProduct} />
      {product && <p className="font-semibold break-words">{product.name}</p>}
      {lots.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {lots.data && lots.data.lots.length === 0 && <p className="text-stone-700">{t("noLots")}</p>}
      <ul className="divide-y divide-stone-100">
        {lots.data?.lots.map((l) => (
          <li key={String(l.lotId)} className="py-2 text-sm">
            <button type="button" className="text-left underline" onClick={() => navigate(`/admin/trace/${l.lotId}`)}>
              <strong>{t("lot", { code: l.code })}</strong> · {t(l.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore", { day: day(l.expiresOn) })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LotTrace({ lotId }: { lotId: bigint }) {
  const { t } = useTranslation("recalls");
  const trace = useTraceLot(lotId);
  const day = useDay();
  if (trace.isPending) return <Spinner label={t("loading")} />;
  if (trace.isError) return <ErrorBox>{t("loadError")}</ErrorBox>;
  const pages = trace.data.pages;
  const r = pages[pages.length - 1];
  const l = r.lot;
  const codes = new Map([[l?.lotId ?? 0n, l?.code ?? ""]]);
  return (
    <>
      <section className="card grid gap-1 p-4 text-sm" aria-label={t("summary")}>
        <span className="text-lg font-semibold break-words">
          {r.productName} · {t("lot", { code: l?.code ?? "" })}
        </span>
        <span>
          EAN {r.productEan} · {t(l?.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore", { day: day(l?.expiresOn ?? "") })}
        </span>
        <span>
          {t("onSale", { count: l?.remaining ?? 0 })} · {t("blockedUnits", { count: l?.blocked ?? 0 })} ·{" "}
          {(l?.quarantined ?? 0) > 0 && <>{t("quarantined", { count: l?.quarantined ?? 0 })} · </>}
          {t("unitsSold", { count: r.unitsSold })}
        </span>
        {l && l.recallId !== 0n && (
          <Link to={`/admin/recalls/${l.recallId}`} className="w-fit underline">
            {t("seeRecall", { id: String(l.recallId) })}
          </Link>
        )}
      </section>
      <Deliveries deliveries={r.deliveries} codes={codes} />
      <Sales sales={pages.flatMap((p) => p.sales)} count={r.saleCount} codes={codes} />
      {trace.hasNextPage && (
        <button type="button" className="btn btn-outline" onClick={() => void trace.fetchNextPage()} disabled={trace.isFetchingNextPage}>
          {t("moreSales")}
        </button>
      )}
    </>
  );
}
