import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";
import type { DeskFilters } from "@/features/admin/orders/api/orders";
import { deskPayments, deskStatuses } from "@/features/admin/orders/lib/desk-filters";

type Texts = Pick<DeskFilters, "query" | "createdFrom" | "createdTo">;

const textsOf = (f: DeskFilters): Texts => ({ query: f.query, createdFrom: f.createdFrom, createdTo: f.createdTo });

const sameTexts = (a: Texts, b: Texts) => a.query === b.query && a.createdFrom === b.createdFrom && a.createdTo === b.createdTo;

const noFilters: DeskFilters = { status: 0, paymentStatus: 0, createdFrom: "", createdTo: "", query: "" };

/**
 * OrderFilters is the order desk's filter form: status, payment, a date
 * range and a search. The search and dates apply on submit, so typing a
 * name does not query on every key; the selects apply at once, keeping
 * what is typed and not yet applied (and the select's focus). Applied
 * filters changed from elsewhere (the browser's back) show in the fields.
 */
export function OrderFilters({ value, onChange }: { value: DeskFilters; onChange: (f: DeskFilters) => void }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const [draft, setDraft] = useState(() => textsOf(value));
  const [shown, setShown] = useState(() => textsOf(value));
  if (!sameTexts(shown, textsOf(value))) {
    setShown(textsOf(value));
    setDraft(textsOf(value));
  }
  const edit = (field: keyof Texts) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onChange({ ...value, ...draft, query: draft.query.trim() });
  };
  const field = "grid min-w-0 gap-1 text-sm font-medium";
  const input = "w-full min-w-0 rounded border border-stone-300 bg-white px-2 py-1.5 font-normal";
  return (
    <form
      role="search"
      aria-label={t("desk.filters")}
      className="card grid items-start gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={submit}
    >
      <label className={`${field} sm:col-span-2`} htmlFor={`${id}-q`}>
        {t("desk.search")}
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={draft.query}
          onChange={edit("query")}
          maxLength={100}
          placeholder={t("desk.searchPlaceholder")}
          aria-describedby={`${id}-q-hint`}
          className={input}
        />
        <span id={`${id}-q-hint`} className="text-xs font-normal text-stone-600">
          {t("desk.searchHint")}
        </span>
      </label>
      <label className={field}>
        {t("desk.status")}
        <select
          name="status"
          value={value.status}
          className={input}
          onChange={(e) => onChange({ ...value, status: Number(e.target.value) as OrderStatus })}
        >
          <option value={0}>{t("desk.any")}</option>
          {deskStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${OrderStatus[s].toLowerCase()}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {t("desk.paymentStatus")}
        <select
          name="payment"
          value={value.paymentStatus}
          className={input}
          onChange={(e) => onChange({ ...value, paymentStatus: Number(e.target.value) as PaymentStatus })}
        >
          <option value={0}>{t("desk.any")}</option>
          {deskPayments.map((p) => (
            <option key={p} value={p}>
              {t(`desk.payment.${PaymentStatus[p].toLowerCase()}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={field}>
        {t("desk.from")}
        <input name="from" type="date" value={draft.createdFrom} onChange={edit("createdFrom")} className={input} />
      </label>
      <label className={field}>
        {t("desk.to")}
        <input name="to" type="date" value={draft.createdTo} onChange={edit("createdTo")} className={input} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
        <button type="submit" className="btn btn-primary">
          {t("desk.apply")}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setDraft(textsOf(noFilters));
            onChange(noFilters);
          }}
        >
          {t("desk.clear")}
        </button>
      </div>
    </form>
  );
}
