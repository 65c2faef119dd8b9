import { lazy, Suspense } from "react";
import { Link, Navigate, Route, Routes, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useLogout } from "@/hooks/use-logout";
import { useSession } from "@/hooks/use-session";

// The back office's entry point, loaded lazily from the app router under
// /admin/*; each screen is its own chunk on top of that.
const Dashboard = lazy(() => import("@/features/admin/routes/dashboard"));
const CountryConfig = lazy(() => import("@/features/admin/routes/config"));
const ProductsByCountry = lazy(() => import("@/features/admin/routes/products-by-country"));
const CountryProducts = lazy(() => import("@/features/admin/routes/country-products"));
const GoogleAuthConfig = lazy(() => import("@/features/admin/routes/google-auth-config"));
const ApiKeys = lazy(() => import("@/features/admin/routes/api-keys"));
const ShopSettings = lazy(() => import("@/features/admin/routes/shop-settings"));
const Invoices = lazy(() => import("@/features/admin/routes/invoices"));
const Orders = lazy(() => import("@/features/admin/routes/orders"));
const AdminOrder = lazy(() => import("@/features/admin/routes/order"));
const PackingSlip = lazy(() => import("@/features/admin/routes/packing-slip"));
const Emails = lazy(() => import("@/features/admin/routes/emails"));
const Withdrawals = lazy(() => import("@/features/admin/routes/withdrawals"));
const Catalogue = lazy(() => import("@/features/admin/routes/catalogue"));
const CatalogueNew = lazy(() => import("@/features/admin/routes/catalogue-new"));
const CatalogueProduct = lazy(() => import("@/features/admin/routes/catalogue-product"));
const CatalogueCsv = lazy(() => import("@/features/admin/routes/catalogue-csv"));
const Messages = lazy(() => import("@/features/admin/routes/messages"));

function NotFound() {
  const { t } = useTranslation("admin");
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">{t("notFound")}</h1>
      <Link to="/admin" className="btn btn-primary mt-6">
        {t("backToAdmin")}
      </Link>
    </div>
  );
}

// The nav text naming each screen, by the first segment after /admin/, for
// the page title (the dashboard is titled by the area alone).
const screenTitles: Record<string, string> = {
  config: "config",
  "products-by-country": "productsByCountry",
  products: "productsByCountry",
  "google-auth-config": "googleAuthConfig",
  "api-keys": "apiKeys",
  "shop-settings": "shopSettings",
  invoices: "invoices",
  messages: "messages",
};

/** AdminScreens is the back office's route table, below the role check. */
export function AdminScreens() {
  const { t } = useTranslation("admin");
  return (
    <Suspense fallback={<Spinner label={t("loading")} className="mt-12" />}>
      <Routes>
        <Route index element={<Dashboard />} />
        <Route path="config" element={<CountryConfig />} />
        <Route path="products-by-country" element={<ProductsByCountry />} />
        <Route path="products/:country" element={<CountryProducts />} />
        <Route path="google-auth-config" element={<GoogleAuthConfig />} />
        <Route path="api-keys" element={<ApiKeys />} />
        <Route path="shop-settings" element={<ShopSettings />} />
        <Route path="invoices" element={<Invoices />} />
        <Route path="orders" element={<Orders />} />
        <Route path="orders/:id" element={<AdminOrder />} />
        <Route path="orders/:id/packing-slip" element={<PackingSlip />} />
        <Route path="emails" element={<Emails />} />
        <Route path="withdrawals" element={<Withdrawals />} />
        <Route path="catalogue" element={<Catalogue />} />
        <Route path="catalogue/new" element={<CatalogueNew />} />
        <Route path="catalogue/csv" element={<CatalogueCsv />} />
        <Route path="catalogue/:id" element={<CatalogueProduct />} />
        <Route path="messages" element={<Messages />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/**
 * AdminRoutes guards the back office by role and frames its screens: a guest
 * goes to /auth and comes back, a client is told they have no access. The
 * server refuses every back-office call from anyone but an admin anyway.
 */
export function AdminRoutes() {
  const { t } = useTranslation("admin");
  const { viewer, resolved, user } = useSession();
  const location = useLocation();
  const logout = useLogout();

  const screenTitle = screenTitles[location.pathname.split("/")[2] ?? ""];

  if (!resolved) return <Spinner label={t("checking")} className="mt-24" />;
  if (viewer === "guest") {
    const redirect = location.pathname + location.search;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (viewer !== "admin") {
    return (
      <main id="main" className="container-page py-16 text-center">
        <Seo title={`${t("noAccessTitle")} | Sabores`} />
        <h1 className="text-2xl font-bold">{t("noAccessTitle")}</h1>
        <p className="mt-2 text-stone-700">{t("noAccessText")}</p>
        <Link to="/" className="btn btn-primary mt-6">
          {t("backToShop")}
        </Link>
      </main>
    );
  }

  return (
    <div className="min-h-screen bg-stone-50 print:bg-white">
      <Seo title={`${screenTitle ? `${t(`nav.${screenTitle}`)} · ` : ""}${t("area")} | Sabores`} />
      <a href="#main" className="sr-only print:hidden focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("skipToContent")}
      </a>
      <header className="border-b border-stone-200 bg-white print:hidden">
        <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
          <Link to="/admin" className="text-xl font-extrabold text-brand-700">
            Sabores · {t("area")}
          </Link>
          <span className="ml-auto hidden text-sm text-stone-700 sm:inline">{user?.name}</span>
          <Link to="/" className="btn btn-ghost ml-auto sm:ml-0">
            {t("backToShop")}
          </Link>
          <button type="button" className="btn btn-outline" onClick={() => void logout()}>
            {t("logout")}
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page py-8 outline-none">
        <AdminScreens />
      </main>
    </div>
  );
}
