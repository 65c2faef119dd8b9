import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { StockAdjustmentReason, StockMovementKind, type StockMovement } from "@gen/sabores/v1/admin_stock_service_pb";
import { useAdjustStock, useStockMovements } from "@/features/admin/stock/api/stock";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { useToast } from "@/components/ui/toaster";
import { errorInfos } from "@/lib/connect-errors";
import { formatDate } from "@/lib/format-date";
import { emptyIfSent } from "@/lib/empty-if-sent";

const reasons = [
  StockAdjustmentReason.COUNT,
  StockAdjustmentReason.RECEIPT,
  StockAdjustmentReason.DAMAGE,
  StockAdjustmentReason.RETURN,
  StockAdjustmentReason.STORE_SALE,
] as const;

/** reasonKey is a reason's text key (admin.json, stock.reasons). */
const reasonKey: Record<number, string> = {
  [StockAdjustmentReason.COUNT]: "count",
  [StockAdjustmentReason.RECEIPT]: "receipt",
  [StockAdjustmentReason.DAMAGE]: "damage",
  [StockAdjustmentReason.RETURN]: "return",
  [StockAdjustmentReason.STORE_SALE]: "storeSale",
  [StockAdjustmentReason.LOT_BLOCKED]: "lotBlocked",
};

const kindKey: Record<number, string> = {
  [StockMovementKind.SALE]: "sale",
  [StockMovementKind.CANCELLATION]: "cancellation",
  [StockMovementKind.EXPIRY]: "expiry",
  [StockMovementKind.ADJUSTMENT]: "adjustment",
};

/**
 * StockPanel is a product's stock screen: set the counted figure or correct
 * by a number of units with a reason (the stock ledger's AdjustStock,
 * audited), and the ledger's movements, newest first, page by page.
 */
export function StockPanel({ productId, invalidate }: { productId: bigint; invalidate: readonly (readonly unknown[])[] }) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const movements = useStockMovements(productId);
  const adjust = useAdjustStock(invalidate);
  const saveFailure = useSaveFailure();
  const toast = useToast();
  const [mode, setMode] = useState<"count" | "delta">("count");
  const [figure, setFigure] = useState("");
  const [reason, setReason] = useState<StockAdjustmentReason>(StockAdjustmentReason.COUNT);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState("");
  const stock = movements.data?.pages[0]?.stock;
  const rows = movements.data?.pages.flatMap((p) => p.movements) ?? [];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setProblem("");
    const n = Number(figure.trim());
    if (figure.trim() === "" || !Number.isInteger(n) || (mode === "count" ? n < 0 : n === 0)) {
      setProblem(t(mode === "count" ? "stock.badCount" : "stock.badDelta"));
      return;
    }
    adjust.mutate(
      {
        productId,
        change: mode === "count" ? { case: "stock", value: n } : { case: "delta", value: n },
        reason,
        note: note.trim(),
      },
      {
        onSuccess: (res) => {
          setFigure(emptyIfSent(figure));
          setNote(emptyIfSent(note));
          toast({ title: t("stock.savedTitle"), description: t("stock.saved", { stock: res.stock, delta: res.delta }) });
        },
        onError: (err) => {
          const below = errorInfos(err).find((i) => i.reason === "STOCK_BELOW_ZERO");
          if (below) setProblem(t("stock.belowZero", { available: below.metadata.available ?? stock ?? 0 }));
          else saveFailure("product", err);
        },
      },
    );
  };

  const when = (m: StockMovement) =>
    m.createTime ? formatDate(timestampDate(m.createTime), i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Madrid" }) : "";
  const what = (m: StockMovement) =>
    m.kind === StockMovementKind.ADJUSTMENT && reasonKey[m.reason]
      ? t(`stock.reasons.${reasonKey[m.reason]}`)
      : t(`stock.kinds.${kindKey[m.kind] ?? "adjustment"}`) + (m.orderId ? ` · ${t("stock.order", { id: String(m.orderId) })}` : "");

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="card space-y-3 p-4 sm:p-6" aria-labelledby={`${id}-title`} noValidate>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {stock === undefined ? t("stock.title") : t("stock.now", { count: stock })}
        </h2>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t("stock.mode")}</legend>
          <div className="flex flex-wrap gap-4">
            {(["count", "delta"] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setReason(m === "count" ? StockAdjustmentReason.COUNT : StockAdjustmentReason.RECEIPT);
                  }}
                />
                {t(`stock.modes.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-figure`} className="mb-1 block text-sm font-medium">
              {t(mode === "count" ? "stock.counted" : "stock.delta")}
            </label>
            <input
              id={`${id}-figure`}
              className="input"
              inputMode="numeric"
              value={figure}
              onChange={(e) => setFigure(e.target.value)}
              aria-invalid={problem !== ""}
              aria-describedby={`${id}-figure-hint ${id}-problem`}
            />
            <p id={`${id}-figure-hint`} className="mt-1 text-xs text-stone-600">
              {t(mode === "count" ? "stock.countedHint" : "stock.deltaHint")}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
              {t("stock.reason")}
            </label>
            <select id={`${id}-reason`} className="input" value={reason} onChange={(e) => setReason(Number(e.target.value))}>
              {reasons.map((r) => (
                <option key={r} value={r}>
                  {t(`stock.reasons.${reasonKey[r]}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-note`} className="mb-1 block text-sm font-medium">
            {t("stock.note")}
          </label>
          <input id={`${id}-note`} className="input" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
        <button type="submit" className="btn btn-primary" disabled={adjust.isPending}>
          {t("stock.save")}
        </button>
      </form>

      <section className="card p-4 sm:p-6" aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`} className="mb-2 text-lg font-semibold">
          {t("stock.history")}
        </h2>
        {movements.isPending && <Spinner label={t("stock.loading")} />}
        {movements.isError && <ErrorBox>{t("stock.loadError")}</ErrorBox>}
        {movements.isSuccess && rows.length === 0 && <p className="text-stone-600">{t("stock.empty")}</p>}
        {rows.length > 0 && (
          <ul className="divide-y divide-stone-200" aria-label={t("stock.history")}>
            {rows.map((m) => (
              <li key={String(m.id)} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2 text-sm">
                <span className={`w-14 font-semibold tabular-nums ${m.delta < 0 ? "text-red-700" : "text-emerald-700"}`}>
                  {m.delta > 0 ? `+${m.delta}` : m.delta}
                </span>
                <span className="font-medium">{what(m)}</span>
                <span className="text-stone-600">{t("stock.after", { count: m.stockAfter })}</span>
                <span className="ml-auto text-stone-600">
                  {when(m)}
                  {m.actor ? ` · ${m.actor}` : ""}
                </span>
                {m.note && <span className="basis-full pl-16 text-stone-700">{m.note}</span>}
              </li>
            ))}
          </ul>
        )}
        {movements.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline mt-3"
            onClick={() => void movements.fetchNextPage()}
            disabled={movements.isFetchingNextPage}
          >
            {t("stock.more")}
          </button>
        )}
      </section>
    </div>
  );
}
