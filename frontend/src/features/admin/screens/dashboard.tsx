import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { CustomersTable } from "@/features/admin/customers/components/customers-table";
import { DashboardStats } from "@/features/admin/dashboard/components/dashboard-stats";
import { RecentOrders } from "@/features/admin/orders/components/recent-orders";
import { ShopSettingsChecklist } from "@/features/admin/settings/components/shop-settings-checklist";

const shortcuts = [
  { to: "/admin/caja", key: "till" },
  { to: "/admin/orders", key: "orders" },
  { to: "/admin/catalogue", key: "catalogue" },
  { to: "/admin/goods-in", key: "goodsIn" },
  { to: "/admin/lots", key: "lots" },
  { to: "/admin/suppliers", key: "suppliers" },
  { to: "/admin/recalls", key: "recalls" },
  { to: "/admin/config", key: "config" },
  { to: "/admin/products-by-country", key: "productsByCountry" },
  { to: "/admin/google-auth-config", key: "googleAuthConfig" },
  { to: "/admin/api-keys", key: "apiKeys" },
  { to: "/admin/webhooks", key: "webhooks" },
  { to: "/admin/shop-settings", key: "shopSettings" },
  { to: "/admin/invoices", key: "invoices" },
  { to: "/admin/discount-codes", key: "discountCodes" },
  { to: "/admin/shipping", key: "shipping" },
  { to: "/admin/emails", key: "emails" },
  { to: "/admin/withdrawals", key: "withdrawals" },
  { to: "/admin/messages", key: "messages" },
  { to: "/admin/newsletters", key: "newsletters" },
  { to: "/admin/reviews", key: "reviews" },
  { to: "/admin/staff", key: "staff" },
  { to: "/admin/audit", key: "audit" },
] as const;

/** Dashboard is /admin: shortcuts, statistics, recent orders and customers. */
export default function Dashboard() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link to="/admin/catalogue/new" className="btn btn-primary ml-auto">
          {t("catalogue.add")}
        </Link>
      </div>
      <ShopSettingsChecklist />
      <nav aria-label={t("shortcuts")}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {shortcuts.map((s) => (
            <li key={s.to}>
              <Link to={s.to} className="card block h-full p-4 hover:bg-stone-50">
                <span className="font-semibold">{t(`nav.${s.key}`)}</span>
                <span className="mt-1 block text-sm text-stone-600">{t(`navHints.${s.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DashboardStats />
      <RecentOrders />
      <CustomersTable />
    </div>
  );
}
