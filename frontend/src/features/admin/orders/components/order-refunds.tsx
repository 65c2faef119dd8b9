import { useId } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { formatDate } from "@/lib/format-date";
import { type OrderRefund, RefundMethod, RefundState } from "@gen/sabores/v1/refund_pb";
import { Price } from "@/components/ui/price";
import { useRetryRefund } from "@/features/admin/orders/api/orders";
import { BankRefundDialog } from "@/features/admin/orders/components/bank-refund-dialog";

const states: Record<number, string> = {
  [RefundState.QUEUED]: "queued",
  [RefundState.REQUESTED]: "requested",
  [RefundState.DONE]: "done",
  [RefundState.FAILED]: "failed",
  [RefundState.UNKNOWN]: "unknown",
};

/**
 * OrderRefunds lists an order's refunds as the server keeps them: a card or
 * Bizum refund with its state (a failed or unknown one with a retry), a bank
 * refund with its reference and day. A cancelled transfer order not refunded
 * yet (bankRefundAllowed) offers to record the bank refund. A refund of a
 * payment Redsys authorised after refusing it is raised for the owner.
 */
export function OrderRefunds({
  orderId,
  totalCents,
  refunds,
  bankRefundAllowed,
}: {
  orderId: bigint;
  totalCents: bigint;
  refunds: OrderRefund[];
  bankRefundAllowed: boolean;
}) {
  const { t, i18n } = useTranslation("admin", { keyPrefix: "refunds" });
  const { t: tb } = useTranslation("admin", { keyPrefix: "refund" });
  const retry = useRetryRefund();
  const id = useId();
  if (refunds.length === 0 && !bankRefundAllowed) return null;

  return (
    <section aria-labelledby={`${id}-title`} className="card p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t("title")}
      </h2>
      {refunds.length === 0 && <p className="mt-2 text-stone-700">{t("none")}</p>}
      <ul className="mt-2 divide-y divide-stone-200">
        {refunds.map((r) => {
          const state = states[r.state] ?? "queued";
          const bank = r.method === RefundMethod.BANK_TRANSFER;
          return (
            <li key={`${r.method}-${r.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-semibold">
                <Price cents={r.amountCents} amount />
              </span>
              <span>{t(bank ? "method.bank" : "method.redsys")}</span>
              <span className={state === "failed" || state === "unknown" ? "font-semibold text-red-800" : "text-stone-700"}>
                {t(`state.${state}`)}
              </span>
              {bank ? (
                <span className="text-stone-700">{t("bankDetails", { reference: r.bankReference, day: r.refundDate })}</span>
              ) : (
                <span className="text-stone-700">
                  {r.reason}
                  {r.tries > 0 && ` · ${t("tries", { count: r.tries })}`}
                  {r.errorCode && ` · ${r.errorCode}`}
                </span>
              )}
              {!bank && r.decideTime && (
                <span className="basis-full font-semibold text-green-800">
                  {tb("refundedOn", {
                    date: formatDate(timestampDate(r.decideTime), i18n.language, {
                      dateStyle: "long",
                      timeStyle: "short",
                      timeZone: "Europe/Madrid",
                    }),
                    reference: r.gatewayReference,
                  })}
                </span>
              )}
              {r.authorisedAfterRefusal && (
                <span className="basis-full font-semibold text-red-800">
                  {t("afterRefusal")}
                </span>
              )}
              {state === "unknown" && <span className="basis-full text-stone-700">{t("unknownHint")}</span>}
              {(state === "failed" || state === "unknown") && (
                <button
                  type="button"
                  className="btn btn-outline ml-auto"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ id: r.id })}
                  aria-label={t("retryLabel", { id: String(r.id) })}
                >
                  {t("retry")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {retry.isError && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {t("retryError")}
        </p>
      )}
      <p role="status" className="text-sm text-green-800">
        {retry.isSuccess ? t("retried") : ""}
      </p>
      <BankRefundDialog orderId={orderId} totalCents={totalCents} allowed={bankRefundAllowed} />
    </section>
  );
}
