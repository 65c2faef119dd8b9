import { Navigate, useParams, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { OrderStatusBadge } from "@/components/ui/order-status-badge";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { OrderDetails } from "@/features/account/components/order-details";
import { useMyOrder } from "@/features/payment/api/payment";
import { OrderPayment, type Returned } from "@/features/payment/components/order-payment";
import { useSession } from "@/hooks/use-session";
import { errorCode } from "@/lib/connect-errors";

/** orderId reads the route's id; anything but a positive integer is 0. */
function orderId(raw: string | undefined): bigint {
  return raw && /^[1-9][0-9]{0,17}$/.test(raw) ? BigInt(raw) : 0n;
}

/**
 * OrderRoute is /orders/:id, one of the shopper's orders: where its payment
 * stands (Redsys sends the shopper back here with ?payment=ok or ko, and
 * the page waits for the bank's notification), then its lines and totals.
 */
export default function OrderRoute() {
  const { t } = useTranslation("payment");
  const params = useParams();
  const [sp] = useSearchParams();
  const returned: Returned = sp.get("payment") === "ok" ? "ok" : sp.get("payment") === "ko" ? "ko" : null;
  const { viewer, resolved } = useSession();
  const id = orderId(params.id);
  const query = useMyOrder(resolved && viewer !== "guest" ? id : 0n, returned === "ok");

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to={`/auth?redirect=${encodeURIComponent(`orders/${params.id ?? ""}`)}`} replace />;

  const order = query.data?.order;
  return (
    <div className="container-page max-w-3xl space-y-4 py-6">
      <Seo title={t("order.metaTitle", { id: String(id) })} />
      <BackLink to="/orders">{t("order.back")}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{t("order.title", { id: String(id) })}</h1>
        {order && <OrderStatusBadge order={order} ns="account" keyPrefix="status" />}
      </div>
      {id === 0n || errorCode(query.error) === Code.NotFound ? (
        <ErrorBox>{t("order.notFound")}</ErrorBox>
      ) : query.isError ? (
        <ErrorBox>{t("order.loadError")}</ErrorBox>
      ) : !order ? (
        <Spinner />
      ) : (
        <>
          <OrderPayment order={order} payment={query.data?.payment} returned={returned} />
          <div className="card p-4">
            <OrderDetails order={order} open />
          </div>
        </>
      )}
    </div>
  );
}
