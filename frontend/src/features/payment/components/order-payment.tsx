import { useState } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format-date";
import { type OrderPayment as Payment, PaymentAttemptStatus } from "@gen/sabores/v1/order_service_pb";
import { type Order, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { RedsysRedirect } from "@/features/payment/components/redsys-redirect";
import { TransferInstructions } from "@/features/payment/components/transfer-instructions";

/** Returned is how the shopper came back from Redsys, from the URLOK/URLKO query. */
export type Returned = "ok" | "ko" | null;

/**
 * OrderPayment says where a live order's payment stands (a cancelled
 * order's page says what became of its money in its one state message,
 * orderState): paid, waiting for the
 * bank's notification (after the shopper came back through URLOK), refused
 * or abandoned with "pay again" until the order expires, the transfer's
 * details, or payment on delivery.
 */
export function OrderPayment({ order, payment, returned }: { order: Order; payment?: Payment; returned: Returned }) {
  const { t, i18n } = useTranslation("payment");
  const [paying, setPaying] = useState(false);
  const paid = order.paymentStatus === PaymentStatus.PAID;
  const redsys = order.paymentMethod === PaymentMethod.CARD || order.paymentMethod === PaymentMethod.BIZUM;
  const last = payment?.lastAttempt ?? PaymentAttemptStatus.UNSPECIFIED;
  const expires = payment?.expireTime
    ? formatDate(timestampDate(payment.expireTime), i18n.language, { dateStyle: "medium", timeStyle: "short" })
    : "";

  let body;
  if (paying) {
    body = <RedsysRedirect orderId={order.id} onCancel={() => setPaying(false)} />;
  } else if (paid) {
    body = <p className="font-semibold text-green-800">{t("paid")}</p>;
  } else if (order.paymentStatus === PaymentStatus.ON_DELIVERY) {
    body = <p>{t("onDelivery")}</p>;
  } else if (payment?.transfer) {
    body = <TransferInstructions transfer={payment.transfer} />;
  } else if (redsys && last === PaymentAttemptStatus.PENDING && returned === "ok") {
    body = <Spinner label={t("waiting")} className="justify-start" />;
  } else if (redsys) {
    const tried = last === PaymentAttemptStatus.REFUSED || last === PaymentAttemptStatus.PENDING;
    body = (
      <div className="space-y-3">
        <p className={tried ? "font-semibold text-red-800" : ""}>
          {last === PaymentAttemptStatus.REFUSED ? t("refused") : tried ? t("abandoned") : t("notYet")}
        </p>
        {payment?.canPay ? (
          <>
            {expires && <p className="text-sm text-stone-700">{t("expires", { time: expires })}</p>}
            <button type="button" className="btn btn-primary" onClick={() => setPaying(true)}>
              {tried ? t("payAgain") : t("payNow")}
            </button>
          </>
        ) : (
          <p className="text-sm text-stone-700">{t("cannotPay")}</p>
        )}
      </div>
    );
  } else {
    body = <p>{t("awaiting")}</p>;
  }
  return (
    <section className="card space-y-2 p-4" aria-labelledby="payment-title" aria-live="polite">
      <h2 id="payment-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      {body}
    </section>
  );
}
