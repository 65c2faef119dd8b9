import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import { useFindSale, useReturnSale } from "@/features/admin/till/api/till";
import { TicketActions } from "@/features/admin/till/components/ticket-actions";
import { TillNav } from "@/features/admin/till/components/till-nav";
import { refusalOf, type Refusal } from "@/features/admin/till/lib/refusal";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";
import { TillPaymentMethod, type TillReturn, type TillSale } from "@gen/sabores/v1/till_service_pb";
import { emptyIfSent } from "@/lib/empty-if-sent";

/** Returns is /admin/caja/devoluciones: a sale found by its ticket, items back, a corrective invoice. */
export default function Returns() {
  const { t, i18n } = useTranslation("till");
  const id = useId();
  const find = useFindSale();
  const give = useReturnSale();
  const input = useRef<HTMLInputElement>(null);
  const [ticket, setTicket] = useState("");
  const [sale, setSale] = useState<TillSale>();
  const [back, setBack] = useState<Record<string, number>>({});
  const [refund, setRefund] = useState<TillPaymentMethod>(TillPaymentMethod.CASH);
  const [refusal, setRefusal] = useState<Refusal>();
  const [done, setDone] = useState<{ ret: TillReturn; full: boolean }>();
  // One key per return, kept while the same return is retried.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const price = (c: bigint | number) => formatPrice(c, i18n.language);

  const search = (e: FormEvent) => {
    e.preventDefault();
    const number = ticket.trim();
    if (!number) return;
    setRefusal(undefined);
    setDone(undefined);
    find.mutate(
      { sale: { case: "ticketNumber", value: number } },
      {
        onSuccess: (res) => {
          setSale(res.sale);
          setBack({});
          setKey(crypto.randomUUID());
        },
        onError: (err) => {
          setSale(undefined);
          setRefusal(refusalOf(err));
          input.current?.focus();
        },
      },
    );
  };

  const lines = sale?.lines.filter((l) => l.quantity - l.returnedQuantity > 0) ?? [];
  const chosen = lines.filter((l) => (back[String(l.id)] ?? 0) > 0);
  const refundCents = chosen.reduce((sum, l) => sum + Number(l.unitPriceCents) * (back[String(l.id)] ?? 0), 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!sale || chosen.length === 0) return;
    setRefusal(undefined);
    give.mutate(
      {
        idempotencyKey: key,
        saleId: sale.id,
        lines: chosen.map((l) => ({ lineId: l.id, quantity: back[String(l.id)] ?? 0 })),
        refundMethod: refund,
      },
      {
        onSuccess: (res) => {
          if (res.return) setDone({ ret: res.return, full: sale.invoice?.kind === InvoiceKind.COMPLETE });
          setSale(undefined);
          setTicket(emptyIfSent(ticket));
        },
        onError: (err) => setRefusal(refusalOf(err)),
      },
    );
  };

  return (
    <div className="till-ticket-page mx-auto max-w-3xl space-y-4">
      <TillNav />
      <h1 className="text-xl font-bold print:hidden">{t("returns.title")}</h1>
      <form onSubmit={search} className="flex gap-2 print:hidden" role="search">
        <label htmlFor={`${id}-ticket`} className="sr-only">
          {t("returns.ticket")}
        </label>
        <input
          id={`${id}-ticket`}
          ref={input}
          autoFocus
          autoComplete="off"
          className="input min-w-0 flex-1 text-lg"
          placeholder={t("returns.ticket")}
          value={ticket}
          onChange={(e) => setTicket(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={find.isPending || ticket.trim() === ""}>
          {t("returns.find")}
        </button>
      </form>
      {refusal && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800 print:hidden">
          {t(`refusal.${refusal.key}`, { product: "" })}
        </div>
      )}
      {sale && (
        <form onSubmit={submit} className="card space-y-3 p-3 sm:p-4 print:hidden">
          <h2 className="font-bold">{t("returns.sale", { number: sale.ticketNumber, total: price(sale.totalCents) })}</h2>
          {lines.length === 0 ? (
            <p>{t("returns.nothingLeft")}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {lines.map((l) => {
                const left = l.quantity - l.returnedQuantity;
                const n = back[String(l.id)] ?? 0;
                const set = (q: number) => setBack((b) => ({ ...b, [String(l.id)]: Math.max(0, Math.min(left, q)) }));
                return (
                  <li key={String(l.id)} className="flex flex-wrap items-center gap-2 py-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">{l.name}</p>
                      <p className="text-xs text-stone-600">{t("returns.left", { count: left, price: price(l.unitPriceCents) })}</p>
                    </div>
                    <button type="button" className="btn btn-outline h-10 w-10 p-0" aria-label={t("sell.less", { name: l.name })} onClick={() => set(n - 1)} disabled={n === 0}>
                      −
                    </button>
                    <span className="w-8 text-center font-semibold">{n}</span>
                    <button type="button" className="btn btn-outline h-10 w-10 p-0" aria-label={t("sell.more", { name: l.name })} onClick={() => set(n + 1)} disabled={n >= left}>
                      +
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium">{t("returns.refund")}</legend>
            {[TillPaymentMethod.CASH, TillPaymentMethod.CARD].map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name={`${id}-refund`} checked={refund === m} onChange={() => setRefund(m)} />
                {t(m === TillPaymentMethod.CASH ? "returns.cashBack" : "returns.cardBack")}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary w-full py-3" disabled={give.isPending || chosen.length === 0}>
            {t("returns.give", { amount: price(refundCents) })}
          </button>
        </form>
      )}
      {done && (
        <section className="card space-y-2 p-4 print:w-[74mm] print:border-0 print:p-0 print:shadow-none" aria-live="polite" data-testid="till-return">
          <h2 className="font-bold">{t("returns.done")}</h2>
          <p>
            {t(done.full ? "returns.correctiveFull" : "returns.correctiveSimplified")}:{" "}
            <span className="font-mono font-semibold" data-testid="till-return-number">
              {done.ret.invoice?.number}
            </span>
          </p>
          <p>
            {t(done.ret.refund?.method === TillPaymentMethod.CARD ? "returns.cardBack" : "returns.cashBack")}:{" "}
            <span className="font-semibold">{price(done.ret.refund?.amountCents ?? 0n)}</span>
          </p>
          <TicketActions of={{ case: "returnId", value: done.ret.id }} />
        </section>
      )}
    </div>
  );
}
