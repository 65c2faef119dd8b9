import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import { ticketLanguage, useLookupProduct, useTillClient, useZReport, madridDate } from "@/features/admin/till/api/till";
import { PaymentPanel } from "@/features/admin/till/components/payment-panel";
import { ScanBar } from "@/features/admin/till/components/scan-bar";
import { TillNav } from "@/features/admin/till/components/till-nav";
import {
  addLabel,
  addProduct,
  basketTotal,
  changeOf,
  emptyBasket,
  lineKey,
  lineTotal,
  loadBasket,
  maxQuantity,
  remainingCents,
  saveBasket,
  setDiscount,
  setQuantity,
  type Basket,
  type BasketPayment,
} from "@/features/admin/till/lib/basket";
import { refusalOf, type Refusal } from "@/features/admin/till/lib/refusal";
import { sendUntilAnswered, waitOrOnline } from "@/features/admin/till/lib/send-until-answered";
import { TillPaymentMethod, type TillProduct } from "@gen/sabores/v1/till_service_pb";
import { useSession } from "@/hooks/use-session";

const wireMethod = { cash: TillPaymentMethod.CASH, card: TillPaymentMethod.CARD, bizum: TillPaymentMethod.BIZUM } as const;

function lineOf(p: TillProduct) {
  return {
    productId: String(p.productId),
    name: p.name,
    ean: p.ean,
    unitPriceCents: Number(p.unitPriceCents),
    vatBasisPoints: p.vatBasisPoints,
    stock: Number(p.stock),
    reserved: Number(p.reserved),
  };
}

/** Sell is /admin/caja: the basket, its payments and the sale. */
export default function Sell() {
  const { t, i18n } = useTranslation("till");
  const navigate = useNavigate();
  const client = useTillClient();
  const lookup = useLookupProduct();
  // Only the owner and admins may discount a line (the server checks it,
  // and the owner's maximum); till staff see no discount field.
  const mayDiscount = useSession().viewer === "admin";
  const day = useZReport(madridDate());
  const scan = useRef<HTMLInputElement>(null);
  const [basket, setBasketState] = useState<Basket>(() => loadBasket());
  // Every change is written to storage as it is made, not after a render:
  // a render that never comes (the screen left for the ticket) must not
  // leave an older basket behind to come back on the next sale.
  const current = useRef(basket);
  const setBasket = useCallback((next: Basket | ((b: Basket) => Basket)) => {
    const b = typeof next === "function" ? next(current.current) : next;
    current.current = b;
    saveBasket(b);
    setBasketState(b);
  }, []);
  const [offline, setOffline] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [reservedIds, setReservedIds] = useState<ReadonlySet<string>>(new Set());
  const stop = useRef<AbortController>(null);
  const price = (c: number) => formatPrice(c, i18n.language);
  const kilos = (grams: number) => (grams / 1000).toLocaleString(i18n.language === "pt" ? "pt-PT" : "es-ES", { minimumFractionDigits: 3 });

  const refocus = () => requestAnimationFrame(() => scan.current?.focus());

  const update = (next: (b: Basket) => Basket) => {
    setRefusal(undefined);
    setBasket(next);
    refocus();
  };

  const complete = useCallback(
    async (b: Basket) => {
      const sending = { ...b, sending: true };
      setBasket(sending);
      const signal = (stop.current = new AbortController()).signal;
      try {
        const res = await sendUntilAnswered(
          () =>
            client.sell({
              idempotencyKey: b.key,
              lines: b.lines.map((l) =>
                l.label
                  ? { productId: BigInt(l.productId), quantity: 1, weightGrams: l.label.weightGrams, scannedCode: l.label.code, discountBasisPoints: l.discountBasisPoints ?? 0 }
                  : { productId: BigInt(l.productId), quantity: l.quantity, discountBasisPoints: l.discountBasisPoints ?? 0 },
              ),
              payments: b.payments.map((p) => ({ method: wireMethod[p.method], amountCents: BigInt(p.amountCents), givenCents: BigInt(p.givenCents) })),
              customer: b.customer,
              language: ticketLanguage(i18n.language),
            }),
          { offline: () => setOffline(true), wait: waitOrOnline, signal },
        );
        setOffline(false);
        const fresh = emptyBasket();
        setBasket(fresh);
        void navigate(`/admin/caja/tickets/${res.sale?.id ?? 0n}`);
      } catch (err) {
        if (signal.aborted) return;
        setOffline(false);
        const r = refusalOf(err);
        setRefusal(r);
        if (r.key === "reserved" && r.productId) setReservedIds((s) => new Set(s).add(r.productId!));
        // The sale was refused, so nothing was charged: the cashier takes
        // the payments again once the basket is put right.
        setBasket({ ...b, payments: [], sending: false });
        refocus();
      }
    },
    [client, i18n.language, navigate, setBasket],
  );

  // A sale handed to the server before a reload is sent again, with its
  // key, until the server answers: once, for the basket the screen opened
  // with (a sale sent from this screen is already being sent).
  const resumed = useRef(false);
  useEffect(() => {
    const opening = !resumed.current;
    resumed.current = true;
    if (opening && basket.sending) {
      void complete(basket);
    }
  }, [basket, complete]);
  useEffect(() => () => stop.current?.abort(), []);

  const onCode = useCallback(
    (code: string) => {
      setRefusal(undefined);
      lookup.mutate(
        { code },
        {
          onSuccess: (res) => {
            const product = res.product;
            if (!product) return;
            // A scale's label is its own line, priced from the code.
            if (res.weightGrams > 0 || res.priceCents > 0n) {
              setBasket((b) => addLabel(b, lineOf(product), { code, weightGrams: res.weightGrams, priceCents: Number(res.priceCents) }));
            } else setBasket((b) => addProduct(b, lineOf(product)));
          },
          onError: (err) => setRefusal(refusalOf(err)),
          onSettled: () => requestAnimationFrame(() => scan.current?.focus()),
        },
      );
    },
    [lookup, setBasket],
  );

  const onPayment = (p: BasketPayment, covers: boolean) => {
    const next = { ...basket, payments: [...basket.payments, p] };
    setRefusal(undefined);
    if (covers) void complete(next);
    else {
      setBasket(next);
      refocus();
    }
  };

  const total = basketTotal(basket);
  const busy = basket.sending;
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <TillNav />
      <h1 className="sr-only">{t("sell.title")}</h1>
      {day.data?.report && !day.data.report.opened && (
        <p className="rounded-lg border border-yellow-400 bg-yellow-50 p-3 text-sm">
          {t("sell.dayNotOpen")}{" "}
          <Link to="/admin/caja/dia" className="font-semibold underline">
            {t("sell.openDay")}
          </Link>
        </p>
      )}
      {busy && (
        <div role="status" aria-live="polite" className={`rounded-lg border p-3 font-semibold ${offline ? "border-red-400 bg-red-50 text-red-800" : "border-stone-300 bg-white"}`}>
          {offline ? t("sell.offline") : t("sell.sending")}
        </div>
      )}
      {refusal && (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {t(`refusal.${refusal.key}`, {
            product: refusal.productName ?? basket.lines.find((l) => l.productId === refusal.productId)?.name ?? "",
          })}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-[1fr_minmax(0,22rem)]">
        <div className="space-y-3">
          <ScanBar
            ref={scan}
            onCode={onCode}
            onPick={(p) => {
              // Found by name, a weighed product has no weight: its label has.
              if (p.byWeight) {
                setRefusal({ key: "weightNeeded", productName: p.name });
                refocus();
              } else update((b) => addProduct(b, lineOf(p)));
            }}
            disabled={busy}
          />
          {lookup.isPending && <p className="text-sm text-stone-600">{t("scan.looking")}</p>}
          {basket.lines.length === 0 ? (
            <p className="card p-6 text-center text-stone-600">{t("sell.empty")}</p>
          ) : (
            <ul aria-label={t("sell.lines")} className="card divide-y divide-stone-200">
              {basket.lines.map((l) => (
                <li key={lineKey(l)} className="flex flex-wrap items-center gap-2 p-3" data-testid="till-line">
                  {/* On a phone the name takes its own row, the controls the next. */}
                  <div className="min-w-[11rem] flex-1">
                    <p className="font-semibold">{l.name}</p>
                    <p className="text-xs text-stone-600">
                      {l.label?.weightGrams ? (
                        <span data-testid="till-line-weight">
                          {t("sell.weighed", { kg: kilos(l.label.weightGrams), price: price(l.unitPriceCents) })}
                        </span>
                      ) : l.label ? (
                        t("sell.scalePriced")
                      ) : (
                        price(l.unitPriceCents)
                      )}{" "}
                      · {t(l.label?.weightGrams ? "sell.stockGrams" : "sell.stock", { count: l.stock })}
                      {l.reserved > 0 && ` · ${t("sell.reservedWeb", { count: l.reserved })}`}
                    </p>
                    {reservedIds.has(l.productId) && <p className="text-xs font-semibold text-red-700">{t("sell.heldByWeb")}</p>}
                  </div>
                  <div className={`ml-auto flex items-center gap-1 ${l.label ? "invisible" : ""}`} aria-hidden={l.label ? true : undefined}>
                    <button
                      type="button"
                      className="btn btn-outline h-10 w-10 p-0 text-lg"
                      aria-label={t("sell.less", { name: l.name })}
                      onClick={() => update((b) => setQuantity(b, lineKey(l), l.quantity - 1))}
                      disabled={busy || !!l.label}
                    >
                      −
                    </button>
                    <span className="w-8 text-center font-semibold" aria-label={t("sell.quantity")}>
                      {l.quantity}
                    </span>
                    <button
                      type="button"
                      className="btn btn-outline h-10 w-10 p-0 text-lg"
                      aria-label={t("sell.more", { name: l.name })}
                      onClick={() => update((b) => setQuantity(b, lineKey(l), l.quantity + 1))}
                      disabled={busy || l.quantity >= maxQuantity || !!l.label}
                    >
                      +
                    </button>
                  </div>
                  {mayDiscount && (
                    <label className="flex items-center gap-1 text-xs">
                      <span className="sr-only">{t("sell.discountOf", { name: l.name })}</span>
                      <span aria-hidden="true">−</span>
                      <input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={100}
                        step={0.5}
                        className="input h-10 w-16 px-1 text-right"
                        value={l.discountBasisPoints ? l.discountBasisPoints / 100 : ""}
                        placeholder="0"
                        onChange={(e) => setBasket((b) => setDiscount(b, lineKey(l), Math.round(Number(e.target.value || 0) * 100)))}
                        disabled={busy}
                      />
                      <span aria-hidden="true">%</span>
                    </label>
                  )}
                  <span className="w-20 text-right font-semibold">{price(lineTotal(l))}</span>
                  <button
                    type="button"
                    className="btn btn-ghost px-2 text-red-700"
                    aria-label={t("sell.remove", { name: l.name })}
                    onClick={() => update((b) => setQuantity(b, lineKey(l), 0))}
                    disabled={busy}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
          {basket.lines.length > 0 && !busy && (
            <button type="button" className="btn btn-ghost text-sm" onClick={() => update(() => emptyBasket())}>
              {t("sell.clear")}
            </button>
          )}
        </div>
        {busy && (
          <section className="card space-y-1 p-3 sm:p-4" aria-label={t("pay.taken")}>
            <p className="text-2xl font-extrabold">{price(total)}</p>
            {basket.payments.map((p, i) => (
              <p key={i}>
                {t(`method.${p.method}`)} · {price(p.amountCents)}
              </p>
            ))}
            {changeOf(basket.payments) > 0 && (
              <p className="text-xl font-bold">
                {t("pay.change")}: {price(changeOf(basket.payments))}
              </p>
            )}
          </section>
        )}
        {basket.lines.length > 0 && !busy && (
          <PaymentPanel
            totalCents={total}
            dueCents={remainingCents(basket)}
            payments={basket.payments}
            customer={basket.customer}
            // A scan still being looked up may add to what is due.
            disabled={lookup.isPending}
            onPayment={onPayment}
            onRemovePayment={(i) => update((b) => ({ ...b, payments: b.payments.filter((_, j) => j !== i) }))}
            onCustomer={(customer) => setBasket((b) => ({ ...b, customer }))}
          />
        )}
      </div>
    </div>
  );
}
