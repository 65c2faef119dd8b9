import type { ReactNode } from "react";
import { Code, ConnectError } from "@connectrpc/connect";
import { Link, useParams } from "react-router";
import type { OrderAction } from "@gen/sabores/v1/admin_order_service_pb";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { OrderStatusBadge } from "@/components/ui/order-status-badge";
import { OrderTimeline } from "@/components/ui/order-timeline";
import { Spinner } from "@/components/ui/spinner";
import { useAdminOrder } from "@/features/admin/orders/api/orders";
import { AdminOrderSummary } from "@/features/admin/orders/components/admin-order-summary";
import { OrderActions } from "@/features/admin/orders/components/order-actions";
import { OrderRefunds } from "@/features/admin/orders/components/order-refunds";
import { gatewayRefund } from "@/features/admin/orders/lib/gateway-refund";

/** orderIdParam reads an order id from the address; 0 when it is none. */
export function orderIdParam(raw: string | undefined): bigint {
  return raw && /^[0-9]{1,18}$/.test(raw) ? BigInt(raw) : 0n;
}

/** AdminOrder is /admin/orders/:id, an order on the desk with the steps allowed now. */
export default function AdminOrder() {
  return <AdminOrderPage />;
}

/**
 * AdminOrderPage is the order desk's page of one order; parcel, when given,
 * draws the order's parcel below its steps (composed by admin/screens, as
 * parcels are a resource of their own) from the steps allowed now.
 */
export function AdminOrderPage({ parcel }: { parcel?: (orderId: bigint, allowed: OrderAction[], pickup: boolean) => ReactNode }) {
  const { t } = useTranslation("admin");
  const id = orderIdParam(useParams().id);
  const order = useAdminOrder(id);
  const notFound = id === 0n || (order.error instanceof ConnectError && order.error.code === Code.NotFound);

  return (
    <div className="space-y-4">
      <BackLink to="/admin/orders">{t("desk.back")}</BackLink>
      {notFound ? (
        <ErrorBox>{t("desk.notFound")}</ErrorBox>
      ) : order.isPending ? (
        <Spinner label={t("loading")} />
      ) : order.isError ? (
        <ErrorBox>
          {t("loadError")}{" "}
          <button type="button" className="underline" onClick={() => void order.refetch()}>
            {t("desk.retry")}
          </button>
        </ErrorBox>
      ) : (
        order.data.order && (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-bold">{t("orders.number", { id: String(id) })}</h1>
              <OrderStatusBadge order={order.data.order} ns="admin" keyPrefix="orders.status" />
              <Link to={`/admin/orders/${id}/packing-slip`} className="btn btn-outline ml-auto">
                {t("desk.packingSlip")}
              </Link>
            </div>
            <OrderActions
              orderId={id}
              allowed={order.data.allowedActions}
              carriers={order.data.carriers}
              idCheck={order.data.order.idCheckRequired}
              pickup={order.data.order.pickupCode !== ""}
              refund={gatewayRefund(order.data.order)}
            />
            {parcel?.(id, order.data.allowedActions, order.data.order.pickupCode !== "")}
            <OrderRefunds
              orderId={id}
              totalCents={order.data.order.totalCents}
              refunds={order.data.refunds}
              bankRefundAllowed={order.data.bankRefundAllowed}
            />
            <AdminOrderSummary order={order.data.order} />
            <section aria-labelledby="order-timeline" className="card p-4">
              <h2 id="order-timeline" className="mb-3 text-lg font-bold">
                {t("timeline.title")}
              </h2>
              <OrderTimeline events={order.data.events} ns="admin" showActor />
            </section>
          </>
        )
      )}
    </div>
  );
}
