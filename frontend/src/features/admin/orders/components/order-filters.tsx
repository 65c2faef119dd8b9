import { useId, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";
import type { DeskFilters } from "@/features/admin/orders/api/orders";
import { deskPayments, deskStatuses } from "@/features/admin/orders/lib/desk-filters";

/**
 * OrderFilters is the order desk's filter form: status, payment, a date
 * range and a search. It applies on submit (and at once for the selects),
 * so typing a name does not query on every key.
 */
export function OrderFilters({ value, onChange }: { value: DeskFilters; onChange: (f: DeskFilters) => void }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    onChange({
      status: Number(form.get("status")) as OrderStatus,
      paymentStatus: Number(form.get("payment")) as PaymentStatus,
      createdFrom: String(form.get("from") ?? ""),
      createdTo: String(form.get("to") ?? ""),
      query: String(form.get("q") ?? "").trim(),
    });
  };
  const field = "grid min-w-0 gap-1 text-sm font-medium";
  const input = "w-full min-w-0 rounded border border-stone-300 bg-white px-2 py-1.5 font-normal";
  return (
    <form
      role="search"
      aria-label={t("desk.filters")}
      className="card grid items-start gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={submit}
      key={JSON.stringify(value)}
    >
      <label className={`${field} sm:col-span-2`} htmlFor={`${id}-q`}>
        {t("desk.search")}
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={value.query}
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
          defaultValue={value.status}
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
          defaultValue={value.paymentStatus}
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
        <input name="from" type="date" defaultValue={value.createdFrom} className={input} />
      </label>
      <label className={field}>
        {t("desk.to")}
        <input name="to" type="date" defaultValue={value.createdTo} className={input} />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
        <button type="submit" className="btn btn-primary">
          {t("desk.apply")}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onChange({ status: 0, paymentStatus: 0, createdFrom: "", createdTo: "", query: "" })}
        >
          {t("desk.clear")}
        </button>
      </div>
    </form>
  );
}
