import { Navigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Pagination } from "@/components/ui/pagination";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useMyOrders } from "@/features/account/api/account";
import { OrderRow } from "@/features/account/components/order-row";
import { useSession } from "@/hooks/use-session";
import { pageCount, readPage, withPage } from "@/lib/paging";

const pageSize = 20;

/** OrdersRoute is /orders: every order of the signed-in client, paged. */
export default function OrdersRoute() {
  const { t } = useTranslation("account");
  const { viewer, resolved } = useSession();
  const [sp, setSp] = useSearchParams();
  const page = readPage(sp);
  const orders = useMyOrders(page, pageSize, resolved && viewer !== "guest");

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to="/auth?redirect=orders" replace />;

  return (
    <div className="container-page py-6">
      <Seo title={t("orders.metaTitle")} />
      <BackLink to="/client-dashboard">{t("orders.back")}</BackLink>
      <h1 className="text-3xl font-bold">{t("orders.title")}</h1>
      {orders.data && <p className="mt-1 text-stone-700">{t("orders.count", { count: orders.data.totalSize })}</p>}
      <div className="card mt-6 p-4">
        {orders.isPending ? (
          <Spinner />
        ) : orders.isError ? (
          <ErrorBox>{t("dashboard.loadError")}</ErrorBox>
        ) : orders.data.orders.length === 0 ? (
          <p className="text-stone-700">{t("orders.empty")}</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {orders.data.orders.map((o) => (
              <OrderRow key={o.id} order={o} details />
            ))}
          </ul>
        )}
      </div>
      <Pagination
        page={page}
        totalPages={pageCount(orders.data?.totalSize ?? 0, pageSize)}
        onPage={(p) => setSp(withPage(sp, p))}
      />
    </div>
  );
}
