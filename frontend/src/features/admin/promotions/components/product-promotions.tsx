import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatShopTime } from "@/lib/format-date";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type AdminPromotion, PromotionState } from "@gen/sabores/v1/admin_promotion_service_pb";
import { PromotionType } from "@gen/sabores/v1/types_pb";
import { useCreatePromotion, useEndPromotion, usePromotions, useUpdatePromotion } from "@/features/admin/promotions/api/promotions";
import { hundredthsText, parseHundredths, parsePriceCents, priceInputText } from "@/features/admin/shared/lib/decimal-input";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBox } from "@/components/ui/error-box";
import { errorInfos } from "@/lib/connect-errors";
import { formatPrice } from "@/lib/format-price";

const stateKeys: Record<number, string> = {
  [PromotionState.SCHEDULED]: "scheduled",
  [PromotionState.RUNNING]: "running",
  [PromotionState.ENDED]: "ended",
};

/** localInput writes a date as a datetime-local input shows it, in the browser's time. */
function localInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

interface Terms {
  id?: bigint;
  type: PromotionType;
  amount: string;
  start: string;
  end: string;
}

function blank(): Terms {
  return { type: PromotionType.PERCENTAGE, amount: "", start: "", end: localInput(new Date(Date.now() + 7 * 86_400_000)) };
}

function termsOf(p: AdminPromotion): Terms {
  const pct = p.type === PromotionType.PERCENTAGE;
  return {
    id: p.id,
    type: p.type,
    amount: pct ? hundredthsText(p.discountBasisPoints) : priceInputText(Number(p.fixedPriceCents)),
    start: p.startTime ? localInput(timestampDate(p.startTime)) : "",
    end: p.endTime ? localInput(timestampDate(p.endTime)) : "",
  };
}

/**
 * ProductPromotions is one product's promotions desk: its promotions with
 * their state, price and label as shoppers see them, a form to start or
 * schedule one (or edit one that has not ended), and a button to end it.
 */
export function ProductPromotions({ productId }: { productId: bigint }) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const list = usePromotions(productId);
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const end = useEndPromotion();
  const [terms, setTerms] = useState<Terms>(blank);
  const [error, setError] = useState("");
  const pct = terms.type === PromotionType.PERCENTAGE;

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = pct ? parseHundredths(terms.amount, "%") : parsePriceCents(terms.amount);
    const endDate = new Date(terms.end);
    if (amount === null || amount <= 0 || (pct && amount >= 10_000) || Number.isNaN(endDate.getTime())) {
      setError(t("catalogue.errors.promotionInvalid"));
      return;
    }
    setError("");
    const body = {
      type: terms.type,
      discountBasisPoints: pct ? amount : 0,
      fixedPriceCents: pct ? 0n : BigInt(amount),
      startTime: terms.start ? timestampFromDate(new Date(terms.start)) : undefined,
      endTime: timestampFromDate(endDate),
    };
    const done = { onSuccess: () => setTerms(blank()), onError: (err: unknown) => setError(explain(err)) };
    if (terms.id) update.mutate({ id: terms.id, terms: body }, done);
    else create.mutate({ productId, terms: body }, done);
  };

  const promotions = list.data?.promotions ?? [];
  return (
    <section className="card space-y-4 p-4 sm:p-6" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t("catalogue.promotionsTab")}
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t(terms.id ? "catalogue.editPromotion" : "catalogue.newPromotion")}>
        <div>
          <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium">
            {t("catalogue.promotionType")}
          </label>
          <select
            id={`${id}-type`}
            className="input"
            value={terms.type}
            onChange={(e) => setTerms({ ...terms, type: Number(e.target.value) as PromotionType, amount: "" })}
          >
            <option value={PromotionType.PERCENTAGE}>{t("catalogue.percentage")}</option>
            <option value={PromotionType.FIXED_PRICE}>{t("catalogue.fixedPrice")}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium">
            {t(pct ? "catalogue.discountPercent" : "catalogue.promotionPrice")}
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={terms.amount}
            onChange={(e) => setTerms({ ...terms, amount: e.target.value })}
          />
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
            value={terms.start}
            onChange={(e) => setTerms({ ...terms, start: e.target.value })}
          />
          <p id={`${id}-start-hint`} className="mt-1 text-xs text-stone-600">
            {t("catalogue.startHint")}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-end`} className="mb-1 block text-sm font-medium">
            {t("catalogue.end")}
          </label>
          <input id={`${id}-end`} type="datetime-local" className="input" value={terms.end} onChange={(e) => setTerms({ ...terms, end: e.target.value })} />
        </div>
        {error && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 sm:col-span-2">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          {terms.id && (
            <button type="button" className="btn btn-outline" onClick={() => setTerms(blank())}>
              {t("cancel")}
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={create.isPending || update.isPending}>
            {t(terms.id ? "edit.save" : "catalogue.startPromotion")}
          </button>
        </div>
      </form>
      {list.isPending && <Spinner label={t("loading")} />}
      {list.isError && <ErrorBox>{t("loadError")}</ErrorBox>}
      {list.isSuccess && promotions.length === 0 && <p className="text-sm text-stone-600">{t("catalogue.noPromotions")}</p>}
      <ul className="divide-y divide-stone-200">
        {promotions.map((p) => (
          <li key={String(p.id)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <span className="rounded bg-stone-100 px-2 py-0.5 text-xs font-semibold">{t(`catalogue.state.${stateKeys[p.state]}`)}</span>
            <span className="font-semibold">{formatPrice(p.priceCents, i18n.language)}</span>
            {p.label && <span className="rounded bg-red-600 px-1.5 text-xs font-bold text-white">{p.label}</span>}
            <span className="text-stone-700">
              {t("catalogue.lowest30d", { price: formatPrice(p.lowestPrice30dCents, i18n.language) })}
            </span>
            <span className="w-full text-stone-600 sm:w-auto">
              {p.startTime ? timestampDate(p.startTime).toLocaleString(i18n.language) : "—"} →{" "}
              {p.endTime ? timestampDate(p.endTime).toLocaleString(i18n.language) : "—"}
            </span>
            {p.state !== PromotionState.ENDED && (
              <span className="ml-auto flex gap-2">
                <button type="button" className="btn btn-outline px-2 text-xs" onClick={() => setTerms(termsOf(p))}>
                  {t("edit.open")}
                </button>
                <button
                  type="button"
                  className="btn btn-outline px-2 text-xs text-red-700"
                  disabled={end.isPending}
                  onClick={() => end.mutate({ id: p.id }, { onError: (err) => setError(explain(err)) })}
                >
                  {t("catalogue.endPromotion")}
                </button>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
