import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code } from "@connectrpc/connect";
import { Navigate, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { OrderTimeline } from "@/components/ui/order-timeline";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useMyOrder } from "@/features/account/api/account";
import { CancelOrderDialog } from "@/features/account/components/cancel-order-dialog";
import { OrderDetails } from "@/features/account/components/order-details";
import { OrderStateBanner } from "@/features/account/components/order-state-banner";
import { OrderTracking } from "@/features/account/components/order-tracking";
import { WithdrawLink } from "@/features/account/components/withdrawal/withdraw-link";
import { orderState } from "@/features/account/lib/order-state";
import { OrderReviews } from "@/features/reviews/components/order-reviews";
import { OrderPayment, type Returned } from "@/features/payment/components/order-payment";
import { useSession } from "@/hooks/use-session";
import { errorCode } from "@/lib/connect-errors";
import { formatDay, formatShopTime } from "@/lib/format-date";
import { OrderStatus, PaymentStatus } from "@gen/sabores/v1/types_pb";

/** orderId reads the route's id; anything but a positive integer is 0. */
function orderId(raw: string | undefined): bigint {
  return raw && /^[1-9][0-9]{0,17}$/.test(raw) ? BigInt(raw) : 0n;
}

/**
 * OrderRoute is /orders/:id, one of the client's orders: where its payment
 * stands (Redsys sends the shopper back here with ?payment=ok or ko, and the
 * page waits for the bank's notification), one message of where it stands
 * derived from all its states (orderState), the timeline, the carrier's
 * tracking link once shipped, the cancel button while the server says it may
 * be cancelled, the withdrawal function, and its details.
 */
export default function OrderRoute() {
  const { t, i18n } = useTranslation("account");
  const params = useParams();
  const [sp] = useSearchParams();
  const returned: Returned = sp.get("payment") === "ok" ? "ok" : sp.get("payment") === "ko" ? "ko" : null;
  const { viewer, resolved } = useSession();
  const raw = params.id ?? "";
  const id = orderId(raw);
  const res = useMyOrder(id, resolved && viewer !== "guest", returned === "ok");

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to={`/auth?redirect=${encodeURIComponent(`orders/${raw}`)}`} replace />;
  const notFound = id === 0n || errorCode(res.error) === Code.NotFound;
  const o = res.data?.order;

  return (
    <div className="container-page max-w-3xl space-y-4 py-6">
      <Seo title={t("order.metaTitle", { id: raw })} />
      <BackLink to="/orders">{t("order.back")}</BackLink>
      {notFound ? (
        <ErrorBox>{t("order.notFound")}</ErrorBox>
      ) : res.isPending ? (
        <Spinner />
      ) : res.isError ? (
        <ErrorBox>
          {t("dashboard.loadError")}{" "}
          <button type="button" className="underline" onClick={() => void res.refetch()}>
            {t("dashboard.retry")}
          </button>
        </ErrorBox>
      ) : (
        o && (
          <>
            <h1 className="text-3xl font-bold">{t("orders.number", { id: String(o.id) })}</h1>
            {o.createTime && (
              <p className="text-stone-700">
                {t("order.placed", {
                  date: formatShopTime(timestampDate(o.createTime), i18n.language),
                })}
              </p>
            )}
            {o.expectedDispatchDate && (o.status === OrderStatus.PENDING || o.status === OrderStatus.PREPARING) && (
              <p className="rounded bg-sky-50 p-2 text-sm text-sky-900">
                {t("order.dispatch", { day: formatDay(o.expectedDispatchDate, i18n.language) })}
              </p>
            )}
            {o.pickupCode && (
              <p className="rounded bg-green-50 p-3 text-sm text-green-900">
                {t("order.pickup")} <strong className="ml-1 font-mono text-lg tracking-widest">{o.pickupCode}</strong>
              </p>
            )}
            <OrderStateBanner state={orderState(o, res.data.payment, res.data.tracking)} />
            {o.status !== OrderStatus.CANCELLED && <OrderPayment order={o} payment={res.data.payment} returned={returned} />}
            {res.data.cancellable && (
              <div className="card flex flex-wrap items-center justify-between gap-3 p-4">
                <p className="text-sm text-stone-700">{t("order.cancellable")}</p>
                <CancelOrderDialog orderId={o.id} paid={o.paymentStatus === PaymentStatus.PAID} />
              </div>
            )}
            <OrderTracking order={o} tracking={res.data.tracking} />
            <WithdrawLink order={o} />
            <OrderReviews order={o} />
            <section aria-labelledby="order-history" className="card p-4">
              <h2 id="order-history" className="mb-3 text-lg font-bold">
                {t("timeline.title")}
              </h2>
              <OrderTimeline events={res.data.events} ns="account" />
            </section>
            <OrderDetails order={o} open />
          </>
        )
      )}
    </div>
  );
}
