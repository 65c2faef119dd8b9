import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useDay } from "@/features/admin/recalls/components/lot-trail";
import { ProductPicker } from "@/features/admin/recalls/components/product-picker";
import { useProductLots, useRecalls, useStartRecall } from "@/features/admin/recalls/api/recalls";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { errorInfos } from "@/lib/connect-errors";
import { formatShopTime } from "@/lib/format-date";
import { LotDateType } from "@gen/sabores/v1/admin_lot_service_pb";

/**
 * Recalls is /admin/recalls: start a recall (a product by its barcode, its
 * lots, why) and the recalls started, latest first.
 */
export default function Recalls() {
  const { t, i18n } = useTranslation("recalls");
  const id = useId();
  const navigate = useNavigate();
  const recalls = useRecalls();
  const start = useStartRecall();
  const day = useDay();
  const [product, setProduct] = useState<{ id: bigint; name: string } | null>(null);
  const lots = useProductLots(product?.id);
  const [chosen, setChosen] = useState<bigint[]>([]);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState("");
  const chosenCodes = (lots.data?.lots ?? []).filter((l) => chosen.includes(l.lotId)).map((l) => l.code);

  const submit = () => {
    setProblem("");
    if (chosen.length === 0) return setProblem(t("chooseLots"));
    if (reason.trim() === "") return setProblem(t("giveReason"));
    setConfirming(true);
  };
  const confirm = () => {
    if (!product) return;
    start.mutate(
      { productId: product.id, lotIds: chosen, reason: reason.trim() },
      {
        onSuccess: (r) => navigate(`/admin/recalls/${r.recallId}`),
        onError: (err) => {
          setConfirming(false);
          const recalled = errorInfos(err).some((i) => i.reason === "LOT_ALREADY_RECALLED");
          setProblem(recalled ? t("alreadyRecalled") : t("startError"));
        },
      },
    );
  };

  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-stone-700">
        {t("intro")} <Link to="/admin/trace" className="underline">{t("traceLink")}</Link>
      </p>
      <section className="card space-y-3 p-4" aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`} className="text-lg font-semibold">
          {t("new")}
        </h2>
        <ProductPicker
          onPick={(p) => {
            setProduct(p);
            setChosen([]);
          }}
        />
        {product && (
          <form
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <p className="font-semibold break-words">{product.name}</p>
            {lots.isPending && <Spinner label={t("loading")} />}
            {lots.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
            {lots.data && lots.data.lots.length === 0 && <p className="text-stone-700">{t("noLots")}</p>}
            {lots.data && lots.data.lots.length > 0 && (
              <fieldset className="space-y-1">
                <legend className="mb-1 text-sm font-medium">{t("lotsLegend")}</legend>
                {lots.data.lots.map((l) => (
                  <label key={String(l.lotId)} className="flex items-start gap-2 py-1 text-sm">
                    <input
                      type="checkbox"
                      className="mt-1"
                      disabled={l.recallId !== 0n}
                      checked={chosen.includes(l.lotId)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, l.lotId] : c.filter((x) => x !== l.lotId)))}
                    />
                    <span className="break-words">
                      <strong>{t("lot", { code: l.code })}</strong> ·{" "}
                      {t(l.dateType === LotDateType.USE_BY ? "useBy" : "bestBefore", { day: day(l.expiresOn) })} ·{" "}
                      {t("onSale", { count: l.remaining })}
                      {l.recallId !== 0n && ` · ${t("recalledAlready")}`}
                    </span>
                  </label>
                ))}
              </fieldset>
            )}
            <div>
              <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
                {t("reason")}
              </label>
              <textarea
                id={`${id}-reason`}
                className="input min-h-24 w-full"
                maxLength={2000}
                value={reason}
                aria-describedby={`${id}-reason-hint`}
                onChange={(e) => setReason(e.target.value)}
              />
              <p id={`${id}-reason-hint`} className="mt-1 text-xs text-stone-700">
                {t("reasonHint")}
              </p>
            </div>
            {problem && (
              <p role="alert" className="text-sm text-red-800">
                {problem}
              </p>
            )}
            <button type="submit" className="btn btn-primary">
              {t("start")}
            </button>
          </form>
        )}
      </section>
      <AdminDialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title={t("confirmTitle")}
        description={t("confirmText", { product: product?.name ?? "", lots: chosenCodes.join(", ") })}
      >
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)}>
            {t("cancel")}
          </button>
          <button type="button" className="btn btn-primary" disabled={start.isPending} onClick={confirm}>
            {t("confirm")}
          </button>
        </div>
      </AdminDialog>
      <section className="card p-4" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="mb-2 text-lg font-semibold">
          {t("started")}
        </h2>
        {recalls.isPending && <Spinner label={t("loading")} />}
        {recalls.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
        {recalls.data && recalls.data.recalls.length === 0 && <p className="text-stone-700">{t("none")}</p>}
        <ul className="divide-y divide-stone-100">
          {recalls.data?.recalls.map((r) => (
            <li key={String(r.recallId)} className="grid gap-0.5 py-2 text-sm">
              <Link to={`/admin/recalls/${r.recallId}`} className="font-semibold break-words underline">
                {t("recallOf", { id: String(r.recallId), product: r.productName, lots: r.lotCodes })}
              </Link>
              <span className="text-stone-700">{formatShopTime(new Date(r.startedAt), i18n.language)}</span>
              <span className="break-words">{r.reason}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
