import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { formatPrice } from "@/lib/format-price";
import { parsePriceCents } from "@/features/admin/shared/lib/decimal-input";
import { madridDate, useCloseDay, useMoveCash, useOpenDay, useZReport } from "@/features/admin/till/api/till";
import { TillNav } from "@/features/admin/till/components/till-nav";
import { TillRules } from "@/features/admin/till/components/till-rules";
import { useSession } from "@/hooks/use-session";
import { refusalOf } from "@/features/admin/till/lib/refusal";
import { TillPaymentMethod, type ZReport } from "@gen/sabores/v1/till_service_pb";
import { emptyIfSent } from "@/lib/empty-if-sent";

const methodKey: Partial<Record<TillPaymentMethod, string>> = {
  [TillPaymentMethod.CASH]: "cash",
  [TillPaymentMethod.CARD]: "card",
  [TillPaymentMethod.BIZUM]: "bizum",
};

/** shownDate writes a YYYY-MM-DD day as Spain and Portugal read it (29/11/2026). */
function shownDate(day: string): string {
  return day.split("-").reverse().join("/");
}

/** AmountForm is one euro amount and a button, for the float and the count. */
function AmountForm({ label, action, pending, onAmount }: { label: string; action: string; pending: boolean; onAmount: (cents: number) => void }) {
  const { t } = useTranslation("till");
  const id = useId();
  const [text, setText] = useState("");
  const cents = parsePriceCents(text);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (cents !== null) onAmount(cents);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-40 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input id={id} className="input w-full text-lg" inputMode="decimal" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending || cents === null}>
        {action}
      </button>
      {text.trim() !== "" && cents === null && (
        <p role="alert" className="w-full text-sm text-red-700">
          {t("pay.errors.amountInvalid")}
        </p>
      )}
    </form>
  );
}

/** MoveForm records cash put in or taken out, with why. */
function MoveForm() {
  const { t } = useTranslation("till");
  const id = useId();
  const move = useMoveCash();
  const [direction, setDirection] = useState<"in" | "out">("out");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const cents = parsePriceCents(amount);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!cents || reason.trim() === "") return;
    move.mutate(
      { amountCents: BigInt(direction === "in" ? cents : -cents), reason: reason.trim() },
      {
        onSuccess: () => {
          setAmount(emptyIfSent(amount));
          setReason(emptyIfSent(reason));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <fieldset className="flex gap-4">
        <legend className="mb-1 text-sm font-medium">{t("day.move")}</legend>
        {(["in", "out"] as const).map((d) => (
          <label key={d} className="flex items-center gap-2">
            <input type="radio" name={`${id}-dir`} checked={direction === d} onChange={() => setDirection(d)} />
            {t(`day.cash_${d}`)}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium">
            {t("pay.amount")}
          </label>
          <input id={`${id}-amount`} className="input w-full" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium">
            {t("day.reason")}
          </label>
          <input id={`${id}-reason`} className="input w-full" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-outline" disabled={move.isPending || !cents || reason.trim() === ""}>
          {t("day.record")}
        </button>
      </div>
      {move.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t(`refusal.${refusalOf(move.error).key}`, { product: "" })}
        </p>
      )}
    </form>
  );
}

/** Report shows a day's Z report: the drawer and the takings by method and VAT rate. */
function Report({ z }: { z: ZReport }) {
  const { t, i18n } = useTranslation("till");
  const price = (c: bigint) => formatPrice(c, i18n.language);
  const row = (label: string, value: string, testId?: string) => (
    <div className="flex justify-between gap-2">
      <dt>{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="card space-y-3 p-4 font-mono text-sm print:w-[74mm] print:border-0 print:p-0 print:shadow-none" data-testid="till-zreport">
      <h2 className="font-sans text-lg font-bold">{t("day.zTitle", { date: shownDate(z.date) })}</h2>
      <dl className="space-y-1">
        {row(t("day.sales"), String(z.sales))}
        {row(t("day.returns"), String(z.returns))}
        {row(t("day.float"), price(z.floatCents))}
        {row(t("day.moved"), price(z.cashMovedCents))}
        {row(t("day.expected"), price(z.expectedCashCents), "till-expected")}
        {z.closed && row(t("day.counted"), price(z.countedCashCents), "till-counted")}
        {z.closed && row(t("day.difference"), price(z.differenceCents), "till-difference")}
      </dl>
      <table className="w-full">
        <caption className="text-left font-sans font-semibold">{t("day.byMethod")}</caption>
        <thead>
          <tr>
            <th className="text-left font-normal" />
            <th className="text-right font-normal">{t("day.takings")}</th>
            <th className="text-right font-normal">{t("day.refunds")}</th>
          </tr>
        </thead>
        <tbody>
          {z.byPayment.map((p) => (
            <tr key={p.method}>
              <th scope="row" className="text-left font-normal">
                {t(`method.${methodKey[p.method] ?? "card"}`)}
              </th>
              <td className="text-right">{price(p.salesCents)}</td>
              <td className="text-right">{price(p.refundsCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="w-full">
        <caption className="text-left font-sans font-semibold">{t("day.byVat")}</caption>
        <thead>
          <tr>
            <th className="text-left font-normal">{t("ticket.vatRate")}</th>
            <th className="text-right font-normal">{t("ticket.base")}</th>
            <th className="text-right font-normal">{t("ticket.vatAmount")}</th>
          </tr>
        </thead>
        <tbody>
          {z.byVat.length === 0 ? (
            <tr>
              <td colSpan={3}>{t("day.noSales")}</td>
            </tr>
          ) : (
            z.byVat.map((v) => (
              <tr key={v.vatBasisPoints}>
                <th scope="row" className="text-left font-normal">
                  {v.vatBasisPoints / 100} %
                </th>
                <td className="text-right">{price(v.baseCents)}</td>
                <td className="text-right">{price(v.vatCents)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

/** Day is /admin/caja/dia: the float, cash in and out, the count and the Z report. */
export default function Day() {
  const { t } = useTranslation("till");
  const date = madridDate();
  const report = useZReport(date);
  const open = useOpenDay();
  const close = useCloseDay();
  const z = report.data?.report;
  const owner = useSession().viewer === "admin";
  return (
    <div className="till-ticket-page mx-auto max-w-3xl space-y-4">
      <TillNav />
      <h1 className="text-xl font-bold print:hidden">{t("day.title", { date: shownDate(date) })}</h1>
      {report.isPending ? (
        <Spinner label={t("loading")} />
      ) : !z ? (
        <ErrorBox>{t("refusal.failed")}</ErrorBox>
      ) : (
        <>
          {!z.opened && (
            <section className="card p-4 print:hidden">
              <AmountForm label={t("day.floatLabel")} action={t("day.open")} pending={open.isPending} onAmount={(c) => open.mutate({ floatCents: BigInt(c) })} />
            </section>
          )}
          {z.opened && !z.closed && (
            <>
              <section className="card p-4 print:hidden">
                <MoveForm />
              </section>
              <section className="card p-4 print:hidden">
                <AmountForm label={t("day.countLabel")} action={t("day.close")} pending={close.isPending} onAmount={(c) => close.mutate({ countedCents: BigInt(c) })} />
              </section>
            </>
          )}
          {(open.isError || close.isError) && <ErrorBox>{t(`refusal.${refusalOf(open.error ?? close.error).key}`, { product: "" })}</ErrorBox>}
          {z.closed && <p className="font-semibold text-stone-700 print:hidden">{t("day.closed")}</p>}
          <Report z={z} />
          {owner && (
            <section className="card p-4 print:hidden" aria-label={t("rules.title")}>
              <TillRules />
            </section>
          )}
          {z.closed && (
            <button type="button" className="btn btn-primary print:hidden" onClick={() => window.print()}>
              {t("ticket.print")}
            </button>
          )}
        </>
      )}
    </div>
  );
}
