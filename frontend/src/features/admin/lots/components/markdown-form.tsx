import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { PromotionType } from "@gen/sabores/v1/types_pb";
import { useMarkdown } from "@/features/admin/lots/api/expiry";
import { parseHundredths, parsePriceCents } from "@/features/admin/shared/lib/decimal-input";
import { errorInfos } from "@/lib/connect-errors";
import { formatShopTime } from "@/lib/format-date";

/** MarkdownProduct is a product the markdown reduces. */
export interface MarkdownProduct {
  id: bigint;
  name: string;
}

/** localInput writes a date as a datetime-local input shows it, in the browser's time. */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface Outcome {
  name: string;
  ok: boolean;
  text: string;
}

/**
 * MarkdownForm starts the near-expiry markdown of the products of the lots
 * chosen in the expiry list: one promotion per product through the
 * promotions desk (its rules: a reduction, no overlap, 30 days of price
 * history), a percentage for all, or a set price for one product. It says,
 * product by product, what was started and what was refused, in words.
 * onStarted runs once every product's promotion started.
 */
export function MarkdownForm({ products, onStarted, submitLabel }: { products: MarkdownProduct[]; onStarted?: () => void; submitLabel?: string }) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const markdown = useMarkdown();
  const [type, setType] = useState(PromotionType.PERCENTAGE);
  const [amount, setAmount] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState(() => localInput(new Date(Date.now() + 7 * 86_400_000)));
  const [error, setError] = useState("");
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [busy, setBusy] = useState(false);
  const pct = type === PromotionType.PERCENTAGE || products.length > 1;

  const explain = (err: unknown) => {
    const info = errorInfos(err)[0];
    const when = (iso?: string) => (iso ? new Date(iso).toLocaleString(i18n.language) : "");
    return t(`catalogue.errors.${info?.reason ?? "promotionGeneric"}`, {
      defaultValue: t("catalogue.errors.promotionGeneric"),
      start: when(info?.metadata.start),
      end: when(info?.metadata.end),
      earliest: info?.metadata.earliest_start ? formatShopTime(new Date(info.metadata.earliest_start), i18n.language) : "",
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = pct ? parseHundredths(amount, "%") : parsePriceCents(amount);
    const endDate = new Date(end);
    if (value === null || value <= 0 || (pct && value >= 10_000) || Number.isNaN(endDate.getTime())) {
      setError(t("lotsExpiry.markdown.invalid"));
      return;
    }
    setError("");
    setBusy(true);
    const terms = {
      type: pct ? PromotionType.PERCENTAGE : PromotionType.FIXED_PRICE,
      discountBasisPoints: pct ? value : 0,
      fixedPriceCents: pct ? 0n : BigInt(value),
      startTime: start ? timestampFromDate(new Date(start)) : undefined,
      endTime: timestampFromDate(endDate),
    };
    const done: Outcome[] = [];
    for (const p of products) {
      try {
        await markdown.mutateAsync({ productId: p.id, terms });
        done.push({ name: p.name, ok: true, text: t("lotsExpiry.markdown.started", { name: p.name }) });
      } catch (err) {
        done.push({ name: p.name, ok: false, text: `${p.name}: ${explain(err)}` });
      }
    }
    setOutcomes(done);
    setBusy(false);
    if (done.every((o) => o.ok)) onStarted?.();
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold sm:col-span-2">
        {t("lotsExpiry.markdown.title", { count: products.length })}
      </h2>
      <p className="text-sm text-stone-700 sm:col-span-2">{products.map((p) => p.name).join(" · ")}</p>
      <p className="text-xs text-stone-600 sm:col-span-2">{t("lotsExpiry.markdown.rules")}</p>
      {products.length === 1 && (
        <div>
          <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium">
            {t("catalogue.promotionType")}
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={type}
            onChange={(e) => {
              setType(Number(e.target.value) as PromotionType);
              setAmount("");
            }}
          >
            <option value={PromotionType.PERCENTAGE}>{t("catalogue.percentage")}</option>
            <option value={PromotionType.FIXED_PRICE}>{t("catalogue.fixedPrice")}</option>
          </select>
        </div>
      )}
      <div>
        <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium">
          {t(pct ? "catalogue.discountPercent" : "catalogue.promotionPrice")}
        </label>
        <input id={`${id}-amount`} className="input" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-start`} className="mb-1 block text-sm font-medium">
          {t("catalogue.start")}
        </label>
        <input
          id={`${id}-start`}
          type="datetime-local"
          className="input"
          aria-describedby={`${id}-start-hint`}
          value={start}
          onChange={(e) => setStart(e.target.value)}
        />
        <p id={`${id}-start-hint`} className="mt-1 text-xs text-stone-600">
          {t("catalogue.startHint")}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-end`} className="mb-1 block text-sm font-medium">
          {t("catalogue.end")}
        </label>
        <input id={`${id}-end`} type="datetime-local" className="input" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
          {error}
        </p>
      )}
      {outcomes.length > 0 && (
        <div role="status" className="sm:col-span-2">
          <ul className="space-y-1 text-sm">
            {outcomes.map((o) => (
              <li key={o.name} className={o.ok ? "text-green-800" : "text-red-800"}>
                {o.text}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel ?? t("lotsExpiry.markdown.submit")}
        </button>
      </div>
    </form>
  );
}
