import { Link, Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useMyDashboard } from "@/features/account/api/account";
import { MyData } from "@/features/account/components/my-data";
import { OrderRow } from "@/features/account/components/order-row";
import { useLogout } from "@/hooks/use-logout";
import { useSession } from "@/hooks/use-session";
import { useCart } from "@/stores/cart-store";
import { useFavorites } from "@/stores/favorites-store";

function StatCard({ to, label, value }: { to: string; label: string; value: React.ReactNode }) {
  return (
    <Link to={to} className="card block p-4 hover:bg-stone-50">
      <span className="block text-sm text-stone-700">{label}</span>
      <span className="mt-1 block text-2xl font-bold">{value}</span>
    </Link>
  );
}

/** ClientDashboardRoute is /client-dashboard, the client's account page. */
export default function ClientDashboardRoute() {
  const { t } = useTranslation("account");
  const { user, viewer, resolved } = useSession();
  const dashboard = useMyDashboard(viewer !== "guest" && resolved);
  const { favorites } = useFavorites();
  const { count } = useCart();
  const logout = useLogout();

  if (!resolved) return <Spinner className="mt-16" />;
  if (viewer === "guest") return <Navigate to="/auth?redirect=client-dashboard" replace />;

  const d = dashboard.data;
  return (
    <div className="container-page py-6">
      <Seo title={t("dashboard.metaTitle")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("dashboard.greeting", { name: user?.name ?? "" })}</h1>
        <button type="button" className="btn btn-outline" onClick={() => void logout()}>
          {t("dashboard.logout")}
        </button>
      </div>

      {dashboard.isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
          <p>{t("dashboard.loadError")}</p>
          <button type="button" className="btn btn-outline mt-3" onClick={() => window.location.reload()}>
            {t("dashboard.retry")}
          </button>
        </div>
      ) : (
        <>
          <div className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
            <StatCard to="/orders" label={t("dashboard.totalOrders")} value={d ? d.orderCount : "…"} />
            <StatCard to="/favorites" label={t("dashboard.favorites")} value={favorites.length} />
            <StatCard to="/orders" label={t("dashboard.totalSpent")} value={d ? <Price cents={d.totalSpentCents} amount /> : "…"} />
            <StatCard to="/cart" label={t("dashboard.cart")} value={count} />
          </div>

          <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]">
            <section aria-labelledby="recent-title" className="card p-4">
              <div className="flex items-center justify-between">
                <h2 id="recent-title" className="text-lg font-bold">
                  {t("dashboard.recentOrders")}
                </h2>
                <Link to="/orders" className="link text-sm">
                  {t("dashboard.allOrders")}
                </Link>
              </div>
              {dashboard.isPending ? (
                <Spinner />
              ) : d && d.recentOrders.length > 0 ? (
                <ul className="divide-y divide-stone-200">
                  {d.recentOrders.map((o) => (
                    <OrderRow key={o.id} order={o} />
                  ))}
                </ul>
              ) : (
                <p className="py-4 text-stone-700">{t("orders.empty")}</p>
              )}
            </section>

            <div className="space-y-6">
              <section aria-labelledby="actions-title" className="card p-4">
                <h2 id="actions-title" className="text-lg font-bold">
                  {t("dashboard.quickActions")}
                </h2>
                <ul className="mt-2 space-y-2">
                  <li><Link to="/todos" className="link">{t("dashboard.actionShop")}</Link></li>
                  <li><Link to="/cart" className="link">{t("dashboard.actionCart")}</Link></li>
                  <li><Link to="/orders" className="link">{t("dashboard.actionOrders")}</Link></li>
                  <li><Link to="/contact" className="link">{t("dashboard.actionContact")}</Link></li>
                </ul>
              </section>

              <section aria-labelledby="fav-title" className="card p-4">
                <h2 id="fav-title" className="text-lg font-bold">
                  {t("dashboard.favoritesTitle")}
                </h2>
                {favorites.length === 0 ? (
                  <p className="mt-2 text-stone-700">{t("dashboard.noFavorites")}</p>
                ) : (
                  <ul className="mt-2 space-y-2">
                    {favorites.slice(0, 3).map((f) => (
                      <li key={f.id} className="flex justify-between gap-2 text-sm">
                        <Link to={`/producto/${f.id}`} className="link">
                          {f.name}
                        </Link>
                        <Price cents={f.priceCents} />
                      </li>
                    ))}
                    {favorites.length > 3 && (
                      <li className="text-sm text-stone-700">{t("dashboard.moreFavorites", { count: favorites.length - 3 })}</li>
                    )}
                  </ul>
                )}
              </section>

              <section aria-labelledby="stats-title" className="card p-4">
                <h2 id="stats-title" className="text-lg font-bold">
                  {t("dashboard.statistics")}
                </h2>
                <dl className="mt-2 space-y-1 text-sm">
                  <div className="flex justify-between">
                    <dt>{t("dashboard.totalSpent")}</dt>
                    <dd>{d ? <Price cents={d.totalSpentCents} amount /> : "…"}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t("dashboard.totalOrders")}</dt>
                    <dd>{d?.orderCount ?? "…"}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt>{t("dashboard.favorites")}</dt>
                    <dd>{favorites.length}</dd>
                  </div>
                  {d && d.orderCount > 0 && (
                    <div className="flex justify-between">
                      <dt>{t("dashboard.averageTicket")}</dt>
                      <dd>
                        <Price cents={d.averageTicketCents} />
                      </dd>
                    </div>
                  )}
                </dl>
              </section>

              <MyData />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
