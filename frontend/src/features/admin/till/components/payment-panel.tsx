import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import { parsePriceCents } from "@/features/admin/shared/lib/decimal-input";
import { planPayment, type BasketPayment, type Customer, type PaymentMethod } from "@/features/admin/till/lib/basket";

const methods: readonly PaymentMethod[] = ["cash", "card", "bizum"];
// Notes a customer commonly hands over, in cents.
const notes = [500, 1000, 2000, 5000];

/**
 * PaymentPanel takes the sale's payments: cash with the change shown,
 * card on the store's terminal, Bizum, or several splitting the total. A
 * payment that covers what is due finishes the sale (onPaid).
 */
export function PaymentPanel({
  totalCents,
  dueCents,
  payments,
  customer,
  disabled,
  onPayment,
  onRemovePayment,
  onCustomer,
}: {
  totalCents: number;
  dueCents: number;
  payments: readonly BasketPayment[];
  customer?: Customer;
  disabled: boolean;
  onPayment: (p: BasketPayment, covers: boolean) => void;
  onRemovePayment: (index: number) => void;
  onCustomer: (c: Customer | undefined) => void;
}) {
  const { t, i18n } = useTranslation("till");
  const id = useId();
  const [method, setMethod] = useState<PaymentMethod>("cash");
  const [given, setGiven] = useState("");
  const [amount, setAmount] = useState("");
  const price = (c: number) => formatPrice(c, i18n.language);

  const givenCents = given.trim() === "" ? null : parsePriceCents(given);
  const amountCents = amount.trim() === "" ? null : parsePriceCents(amount);
  const unreadable = (given.trim() !== "" && givenCents === null) || (amount.trim() !== "" && amountCents === null);
  const plan = planPayment(method, dueCents, method === "cash" ? null : amountCents, method === "cash" ? givenCents : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!plan.ok || unreadable) return;
    onPayment(plan.payment, plan.covers);
    setGiven("");
    setAmount("");
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3 p-3 sm:p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t("pay.title")}
        </h2>
        <p className="text-2xl font-extrabold" data-testid="till-total">
          {price(totalCents)}
        </p>
      </div>
      {payments.length > 0 && (
        <ul aria-label={t("pay.taken")} className="space-y-1 text-sm">
          {payments.map((p, i) => (
            <li key={i} className="flex items-center justify-between gap-2 rounded bg-stone-100 px-2 py-1">
              <span>
                {t(`method.${p.method}`)} · {price(p.amountCents)}
              </span>
              <button type="button" className="btn btn-ghost px-2 py-1" onClick={() => onRemovePayment(i)} disabled={disabled}>
                {t("pay.remove")}
              </button>
            </li>
          ))}
          <li className="font-semibold">
            {t("pay.due")}: {price(dueCents)}
          </li>
        </ul>
      )}
      <form onSubmit={submit} className="space-y-3">
        <fieldset disabled={disabled}>
          <legend className="sr-only">{t("pay.method")}</legend>
          <div className="grid grid-cols-3 gap-2">
            {methods.map((m) => (
              <label
                key={m}
                className={`cursor-pointer rounded-lg border-2 px-1 py-3 text-center text-sm font-semibold sm:text-base ${method === m ? "border-brand-700 bg-brand-50 text-brand-800" : "border-stone-300 bg-white"}`}
              >
                <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} className="sr-only" />
                {t(`method.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {method === "cash" ? (
          <div className="space-y-2">
            <label htmlFor={`${id}-given`} className="block text-sm font-medium">
              {t("pay.given")}
            </label>
            <input
              id={`${id}-given`}
              className="input w-full text-lg"
              inputMode="decimal"
              autoComplete="off"
              placeholder={price(Math.max(dueCents, 0))}
              value={given}
              onChange={(e) => setGiven(e.target.value)}
              disabled={disabled}
            />
            <div className="flex flex-wrap gap-2">
              {notes
                .filter((n) => n >= dueCents)
                .slice(0, 3)
                .map((n) => (
                  <button key={n} type="button" className="btn btn-outline" onClick={() => setGiven(String(n / 100))} disabled={disabled}>
                    {price(n)}
                  </button>
                ))}
            </div>
            {plan.ok && (
              <p className="text-xl font-bold" role="status" data-testid="till-change">
                {t("pay.change")}: {price(plan.changeCents)}
              </p>
            )}
          </div>
        ) : (
          <div className="space-y-1">
            <label htmlFor={`${id}-amount`} className="block text-sm font-medium">
              {t("pay.amount")}
            </label>
            <input
              id={`${id}-amount`}
              className="input w-full text-lg"
              inputMode="decimal"
              autoComplete="off"
              placeholder={price(Math.max(dueCents, 0))}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              disabled={disabled}
            />
            <p className="text-xs text-stone-600">{t(method === "card" ? "pay.cardHint" : "pay.bizumHint")}</p>
          </div>
        )}
        {(unreadable || (!plan.ok && plan.error !== "nothingDue")) && (
          <p role="alert" className="text-sm text-red-700">
            {t(`pay.errors.${unreadable || plan.ok ? "amountInvalid" : plan.error}`)}
          </p>
        )}
        <CustomerFields customer={customer} onCustomer={onCustomer} disabled={disabled} />
        <button type="submit" className="btn btn-primary w-full py-3 text-lg" disabled={disabled || !plan.ok || unreadable}>
          {plan.ok && !plan.covers ? t("pay.addPart", { amount: price(plan.payment.amountCents) }) : t("pay.charge", { amount: price(dueCents > 0 ? dueCents : 0) })}
        </button>
      </form>
    </section>
  );
}

/** CustomerFields asks for a full invoice's NIF, name and address. */
function CustomerFields({ customer, onCustomer, disabled }: { customer?: Customer; onCustomer: (c: Customer | undefined) => void; disabled: boolean }) {
  const { t } = useTranslation("till");
  const id = useId();
  const set = (patch: Partial<Customer>) => onCustomer({ taxId: "", name: "", address: "", ...customer, ...patch });
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={customer !== undefined} onChange={(e) => onCustomer(e.target.checked ? { taxId: "", name: "", address: "" } : undefined)} disabled={disabled} />
        {t("customer.ask")}
      </label>
      {customer && (
        <div className="grid gap-2 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-tax`} className="block text-xs font-medium">
              {t("customer.taxId")}
            </label>
            <input id={`${id}-tax`} className="input w-full" autoComplete="off" value={customer.taxId} onChange={(e) => set({ taxId: e.target.value })} required disabled={disabled} />
          </div>
          <div>
            <label htmlFor={`${id}-name`} className="block text-xs font-medium">
              {t("customer.name")}
            </label>
            <input id={`${id}-name`} className="input w-full" autoComplete="off" value={customer.name} onChange={(e) => set({ name: e.target.value })} required disabled={disabled} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-address`} className="block text-xs font-medium">
              {t("customer.address")}
            </label>
            <input id={`${id}-address`} className="input w-full" autoComplete="off" value={customer.address} onChange={(e) => set({ address: e.target.value })} required disabled={disabled} />
          </div>
        </div>
      )}
    </div>
  );
}
