import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { OrderAction } from "@gen/sabores/v1/admin_order_service_pb";
import { AdminDialog } from "@/features/admin/shared/components/admin-dialog";
import { useAdvanceOrder } from "@/features/admin/orders/api/orders";
import { errorInfos } from "@/lib/connect-errors";
import { formatPrice } from "@/lib/format-price";

/** GatewayRefund is the refund cancelling a paid order sends to Redsys: how much, how and to whom. */
export interface GatewayRefund {
  amountCents: bigint;
  method: "card" | "bizum";
  shopper: string;
}

// Steps taken with a form: what they ask for before the server is called.
const withForm = new Set([OrderAction.MARK_PAID, OrderAction.SHIP, OrderAction.CANCEL]);

const names: Record<number, string> = {
  [OrderAction.MARK_PAID]: "markPaid",
  [OrderAction.START_PREPARING]: "startPreparing",
  [OrderAction.SHIP]: "ship",
  [OrderAction.MARK_DELIVERED]: "markDelivered",
  [OrderAction.CANCEL]: "cancel",
  [OrderAction.READY_FOR_PICKUP]: "readyForPickup",
};

// actionName is an action's text key: a pickup order's delivery is its collection.
function actionName(action: OrderAction, pickup: boolean): string {
  return pickup && action === OrderAction.MARK_DELIVERED ? "markCollected" : names[action];
}

/**
 * OrderActions offers the steps the server says the lifecycle allows for
 * this order now (allowed); none is decided here. Shipping asks for the
 * carrier and tracking number, cancelling for a reason, marking paid for an
 * optional note (the transfer's reference). A cold-chain order the server
 * refuses to ship today (COLD_CHAIN_OFF_DAY) may be shipped anyway once the
 * desk ticks that it knows. An order of adults-only goods
 * (idCheck) reminds, when shipping, to buy the label with the carrier's
 * ID-check delivery service. Cancelling an order paid by card or Bizum
 * (refund) says, before anything is sent, the amount Redsys will give back,
 * how and to whom, and afterwards that the refund was asked for.
 */
export function OrderActions({
  orderId,
  allowed,
  carriers,
  idCheck = false,
  pickup = false,
  refund,
}: {
  orderId: bigint;
  allowed: OrderAction[];
  carriers: string[];
  idCheck?: boolean;
  /** pickup: the order is collected at the shop. */
  pickup?: boolean;
  refund?: GatewayRefund;
}) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "desk" });
  const { t: tb } = useTranslation("admin", { keyPrefix: "refund" });
  const refundWords = refund && {
    amount: formatPrice(refund.amountCents, i18n.language),
    method: tb(`method.${refund.method}`),
    shopper: refund.shopper,
  };
  const advance = useAdvanceOrder();
  const [open, setOpen] = useState<OrderAction | null>(null);
  const [done, setDone] = useState("");
  const id = useId();
  const reason = errorInfos(advance.error)[0]?.reason;

  const take = (
    action: OrderAction,
    fields: { carrier?: string; trackingNumber?: string; note?: string; confirmOffDay?: boolean } = {},
  ) => {
    setDone("");
    advance.mutate(
      { id: orderId, action, ...fields },
      {
        onSuccess: () => {
          setOpen(null);
          setDone(
            action === OrderAction.CANCEL && refundWords
              ? `${t("done.cancel")} ${tb("asked", refundWords)}`
              : t(`done.${actionName(action, pickup)}`),
          );
        },
      },
    );
  };
  const submit = (action: OrderAction) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    take(action, {
      carrier: text("carrier"),
      trackingNumber: text("tracking"),
      note: text("note"),
      confirmOffDay: form.get("confirmOffDay") === "on",
    });
  };
  const error = advance.isError && (
    <p role="alert" className="mt-2 text-sm text-red-800">
      {t(`reason.${reason ?? "unknown"}`, { defaultValue: t("reason.unknown") })}
    </p>
  );
  const field = "grid gap-1 text-sm font-medium";
  const input = "rounded border border-stone-300 px-2 py-1.5 font-normal";

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4 print:hidden">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("actions")}
      </h2>
      {allowed.length === 0 && <p className="mt-2 text-stone-700">{t("noActions")}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        {allowed.map((a) => (
          <button
            key={a}
            type="button"
            className={a === OrderAction.CANCEL ? "btn btn-outline border-red-700 text-red-800" : "btn btn-primary"}
            disabled={advance.isPending}
            onClick={() => {
              advance.reset();
              if (withForm.has(a)) setOpen(a);
              else take(a);
            }}
          >
            {t(`action.${actionName(a, pickup)}`)}
          </button>
        ))}
      </div>
      {open === null && error}
      <p role="status" className="mt-2 text-sm text-green-800">
        {done}
      </p>

      <AdminDialog open={open === OrderAction.SHIP} onOpenChange={(o) => !o && setOpen(null)} title={t("action.ship")}>
        <form className="mt-4 grid gap-3" onSubmit={submit(OrderAction.SHIP)}>
          {idCheck && <p className="rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900">{t("idCheckLabel")}</p>}
          <label className={field}>
            {t("carrier")}
            <input name="carrier" required maxLength={60} list={`${id}-carriers`} className={input} autoComplete="off" />
          </label>
          <datalist id={`${id}-carriers`}>
            {carriers.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <label className={field}>
            {t("trackingNumber")}
            <input name="tracking" required maxLength={60} className={input} autoComplete="off" />
          </label>
          {error}
          {reason === "COLD_CHAIN_OFF_DAY" && (
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="confirmOffDay" className="h-5 w-5" />
              {t("confirmOffDay")}
            </label>
          )}
          <button type="submit" className="btn btn-primary justify-self-end" disabled={advance.isPending}>
            {t("confirm.ship")}
          </button>
        </form>
      </AdminDialog>

      <AdminDialog
        open={open === OrderAction.CANCEL}
        onOpenChange={(o) => !o && setOpen(null)}
        title={t("action.cancel")}
        description={t("cancelHint")}
        role="alertdialog"
      >
        <form className="mt-4 grid gap-3" onSubmit={submit(OrderAction.CANCEL)}>
          {refundWords && (
            <p className="rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900">{tb("confirm", refundWords)}</p>
          )}
          <label className={field}>
            {t("cancelReason")}
            <textarea name="note" required maxLength={500} rows={3} className={input} />
          </label>
          {error}
          <button type="submit" className="btn justify-self-end bg-red-700 text-white" disabled={advance.isPending}>
            {refundWords ? tb("confirmButton", refundWords) : t("confirm.cancel")}
          </button>
        </form>
      </AdminDialog>

      <AdminDialog open={open === OrderAction.MARK_PAID} onOpenChange={(o) => !o && setOpen(null)} title={t("action.markPaid")} description={t("markPaidHint")}>
        <form className="mt-4 grid gap-3" onSubmit={submit(OrderAction.MARK_PAID)}>
          <label className={field}>
            {t("paymentNote")}
            <input name="note" maxLength={500} className={input} autoComplete="off" />
          </label>
          {error}
          <button type="submit" className="btn btn-primary justify-self-end" disabled={advance.isPending}>
            {t("confirm.markPaid")}
          </button>
        </form>
      </AdminDialog>
    </section>
  );
}
