import { lazy, Suspense } from "react";
import { Link, Route, Routes } from "react-router";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { AdminLayout } from "@/features/admin/shared/components/admin-layout";

// The back office's entry point, loaded lazily from the app router under
// /admin/*; each screen is its own chunk on top of that. A screen of one
// resource lives in that resource's routes/; a screen that shows several
// resources (the dashboard, a product's page with its promotions and the
// countries it may come from, the by-country lists that edit products)
// is composed in screens/, as resources do not import each other.
const Dashboard = lazy(() => import("@/features/admin/screens/dashboard"));
const Catalogue = lazy(() => import("@/features/admin/products/routes/catalogue"));
const CatalogueNew = lazy(() => import("@/features/admin/screens/catalogue-new"));
const CatalogueProduct = lazy(() => import("@/features/admin/screens/catalogue-product"));
const CatalogueCsv = lazy(() => import("@/features/admin/catalogue-import/routes/catalogue-csv"));
const CountryConfig = lazy(() => import("@/features/admin/visibility/routes/config"));
const ProductsByCountry = lazy(() => import("@/features/admin/screens/products-by-country"));
const CountryProducts = lazy(() => import("@/features/admin/screens/country-products"));
const GoogleAuthConfig = lazy(() => import("@/features/admin/settings/routes/google-auth-config"));
const ShopSettings = lazy(() => import("@/features/admin/settings/routes/shop-settings"));
const ApiKeys = lazy(() => import("@/features/admin/api-keys/routes/api-keys"));
const Webhooks = lazy(() => import("@/features/admin/webhooks/routes/webhooks"));
const Invoices = lazy(() => import("@/features/admin/invoices/routes/invoices"));
const Orders = lazy(() => import("@/features/admin/orders/routes/orders"));
const AdminOrder = lazy(() => import("@/features/admin/screens/admin-order"));
const Parcels = lazy(() => import("@/features/admin/parcels/routes/parcels"));
const Remittances = lazy(() => import("@/features/admin/parcels/routes/remittances"));
const PackingSlip = lazy(() => import("@/features/admin/orders/routes/packing-slip"));
const Emails = lazy(() => import("@/features/admin/emails/routes/emails"));
const Withdrawals = lazy(() => import("@/features/admin/withdrawals/routes/withdrawals"));
const Messages = lazy(() => import("@/features/admin/messages/routes/messages"));
const Reviews = lazy(() => import("@/features/admin/reviews/routes/reviews"));
const Shipping = lazy(() => import("@/features/admin/shipping/routes/shipping"));
const Staff = lazy(() => import("@/features/admin/staff/routes/staff"));
const TillSell = lazy(() => import("@/features/admin/till/routes/sell"));
const TillTicket = lazy(() => import("@/features/admin/till/routes/ticket"));
const TillReturns = lazy(() => import("@/features/admin/till/routes/returns"));
const TillDay = lazy(() => import("@/features/admin/till/routes/day"));
const Audit = lazy(() => import("@/features/admin/audit/routes/audit"));
const Newsletters = lazy(() => import("@/features/admin/newsletters/routes/newsletters"));
const DiscountCodes = lazy(() => import("@/features/admin/discount-codes/routes/discount-codes"));
const Suppliers = lazy(() => import("@/features/admin/lots/routes/suppliers"));
const GoodsIn = lazy(() => import("@/features/admin/lots/routes/goods-in"));
const Expiring = lazy(() => import("@/features/admin/lots/routes/expiring"));
const LotRules = lazy(() => import("@/features/admin/lots/routes/lot-rules"));
const OrderLots = lazy(() => import("@/features/admin/lots/routes/order-lots"));
const Recalls = lazy(() => import("@/features/admin/recalls/routes/recalls"));
const Recall = lazy(() => import("@/features/admin/recalls/routes/recall"));
const Trace = lazy(() => import("@/features/admin/recalls/routes/trace"));

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
  webhooks: "webhooks",
  "shop-settings": "shopSettings",
  invoices: "invoices",
  messages: "messages",
  reviews: "reviews",
  parcels: "parcels",
  shipping: "shipping",
  staff: "staff",
  caja: "till",
  audit: "audit",
  "discount-codes": "discountCodes",
  newsletters: "newsletters",
  suppliers: "suppliers",
  "goods-in": "goodsIn",
  lots: "lots",
  recalls: "recalls",
  trace: "trace",
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
        <Route path="webhooks" element={<Webhooks />} />
        <Route path="shop-settings" element={<ShopSettings />} />
        <Route path="invoices" element={<Invoices />} />
        <Route path="orders" element={<Orders />} />
        <Route path="orders/:id" element={<AdminOrder />} />
        <Route path="orders/:id/packing-slip" element={<PackingSlip />} />
        <Route path="parcels" element={<Parcels />} />
        <Route path="parcels/remittances" element={<Remittances />} />
        <Route path="emails" element={<Emails />} />
        <Route path="withdrawals" element={<Withdrawals />} />
        <Route path="catalogue" element={<Catalogue />} />
        <Route path="catalogue/new" element={<CatalogueNew />} />
        <Route path="catalogue/csv" element={<CatalogueCsv />} />
        <Route path="catalogue/:id" element={<CatalogueProduct />} />
        <Route path="messages" element={<Messages />} />
        <Route path="reviews" element={<Reviews />} />
        <Route path="shipping" element={<Shipping />} />
        <Route path="staff" element={<Staff />} />
        <Route path="caja" element={<TillSell />} />
        <Route path="caja/tickets/:id" element={<TillTicket />} />
        <Route path="caja/devoluciones" element={<TillReturns />} />
        <Route path="caja/dia" element={<TillDay />} />
        <Route path="audit" element={<Audit />} />
        <Route path="discount-codes" element={<DiscountCodes />} />
        <Route path="newsletters" element={<Newsletters />} />
        <Route path="suppliers" element={<Suppliers />} />
        <Route path="goods-in" element={<GoodsIn />} />
        <Route path="lots" element={<Expiring />} />
        <Route path="lots/rules" element={<LotRules />} />
        <Route path="lots/orders/:id" element={<OrderLots />} />
        <Route path="recalls" element={<Recalls />} />
        <Route path="recalls/:id" element={<Recall />} />
        <Route path="trace" element={<Trace />} />
        <Route path="trace/:lotId" element={<Trace />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

/** AdminRoutes is the back office under /admin/*: the role check and frame around its screens. */
export function AdminRoutes() {
  return (
    <AdminLayout screenTitles={screenTitles}>
      <AdminScreens />
    </AdminLayout>
  );
}
