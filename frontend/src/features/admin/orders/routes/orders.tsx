import { Code, ConnectError } from "@connectrpc/connect";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { useDeskOrders, type DeskFilters } from "@/features/admin/orders/api/orders";
import { DeskOrders } from "@/features/admin/orders/components/desk-orders";
import { OrderFilters } from "@/features/admin/orders/components/order-filters";
import { deskSearchParams, readDeskFilters } from "@/features/admin/orders/lib/desk-filters";

/**
 * Orders is /admin/orders, the order desk: every order, newest first,
 * filtered by the address's parameters, paged forward by the server's
 * cursor (the tokens of the pages seen are kept to go back).
 */
export default function Orders() {
  const { t } = useTranslation("admin");
  const [sp, setSp] = useSearchParams();
  const filters = readDeskFilters(sp);
  const filterKey = deskSearchParams(filters).toString();
  // tokens[i] starts page i+1; reset whenever the filters change.
  const [paging, setPaging] = useState({ filterKey, tokens: [""] });
  const tokens = paging.filterKey === filterKey ? paging.tokens : [""];
  const page = tokens.length;
  const orders = useDeskOrders(filters, tokens[page - 1]);
  const setFilters = (f: DeskFilters) => setSp(deskSearchParams(f));
  const data = orders.data;
  const badSearch = orders.error instanceof ConnectError && orders.error.code === Code.InvalidArgument;

  return (
    <div className="space-y-4">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("desk.title")}</h1>
        <Link to="/admin/parcels" className="btn btn-outline ml-auto">
          {t("desk.parcels")}
        </Link>
      </div>
      <OrderFilters value={filters} onChange={setFilters} />
      <section aria-labelledby="desk-results" className="card p-4" aria-busy={orders.isFetching}>
        <h2 id="desk-results" className="sr-only">
          {t("desk.results")}
        </h2>
        {data && !orders.isError && (
          <p role="status" className="mb-2 text-sm text-stone-700">
            {data.totalSizeCapped
              ? t("desk.countCapped", { count: data.totalSize })
              : t("desk.count", { count: data.totalSize })}
            {page > 1 && ` · ${t("desk.page", { page })}`}
          </p>
        )}
        {orders.isPending && <Spinner label={t("loading")} />}
        {orders.isError &&
          (badSearch ? (
            <ErrorBox>{t("desk.badSearch")}</ErrorBox>
          ) : (
            <ErrorBox>
              {t("loadError")}{" "}
              <button type="button" className="underline" onClick={() => void orders.refetch()}>
                {t("desk.retry")}
              </button>
            </ErrorBox>
          ))}
        {data && !orders.isError && data.orders.length === 0 && <p className="text-stone-700">{t("orders.empty")}</p>}
        {data && !orders.isError && data.orders.length > 0 && <DeskOrders orders={data.orders} />}
        <nav aria-label={t("desk.paging")} className="mt-4 flex flex-wrap justify-between gap-2">
          <button
            type="button"
            className="btn btn-outline"
            disabled={page === 1}
            onClick={() => setPaging({ filterKey, tokens: tokens.slice(0, -1) })}
          >
            {t("desk.newer")}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={!data?.nextPageToken || orders.isPlaceholderData}
            onClick={() => data && setPaging({ filterKey, tokens: [...tokens, data.nextPageToken] })}
          >
            {t("desk.older")}
          </button>
        </nav>
      </section>
    </div>
  );
}
