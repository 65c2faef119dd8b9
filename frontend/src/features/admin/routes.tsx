import { Link, Navigate, Route, Routes, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { useLogout } from "@/hooks/use-logout";
import { useSession } from "@/hooks/use-session";

// The back office's entry point, loaded lazily from the app router under
// /admin/*. The back-office screens (issue 6) are added as nested routes here.

function AdminHome() {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="admin-title">
      <h1 id="admin-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <nav aria-label={t("shortcuts")} className="mt-6 grid gap-3 sm:grid-cols-3">
        <Link to="/admin/config" className="card p-4 font-semibold hover:bg-stone-50">
          {t("config")}
        </Link>
        <Link to="/admin/products-by-country" className="card p-4 font-semibold hover:bg-stone-50">
          {t("productsByCountry")}
        </Link>
        <Link to="/admin/google-auth-config" className="card p-4 font-semibold hover:bg-stone-50">
          {t("googleAuthConfig")}
        </Link>
      </nav>
    </section>
  );
}

/** AdminRoutes guards the back office by role and frames its screens. */
export function AdminRoutes() {
  const { t } = useTranslation("admin");
  const { viewer, resolved, user } = useSession();
  const location = useLocation();
  const logout = useLogout();

  if (!resolved) return <Spinner label={t("checking")} className="mt-24" />;
  if (viewer === "guest") {
    const redirect = location.pathname + location.search;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (viewer !== "admin") {
    return (
      <main className="container-page py-16 text-center">
        <h1 className="text-2xl font-bold">{t("noAccessTitle")}</h1>
        <p className="mt-2 text-stone-700">{t("noAccessText")}</p>
        <Link to="/" className="btn btn-primary mt-6">
          {t("backToShop")}
        </Link>
      </main>
    );
  }

  return (
    <div className="min-h-screen bg-stone-50">
      <header className="border-b border-stone-200 bg-white">
        <div className="container-page flex items-center gap-4 py-3">
          <Link to="/admin" className="text-xl font-extrabold text-brand-700">
            Sabores · {t("area")}
          </Link>
          <span className="ml-auto text-sm text-stone-700">{user?.name}</span>
          <Link to="/" className="btn btn-ghost">
            {t("backToShop")}
          </Link>
          <button type="button" className="btn btn-outline" onClick={() => void logout()}>
            {t("logout")}
          </button>
        </div>
      </header>
      <main id="main" className="container-page py-8">
        <Routes>
          <Route index element={<AdminHome />} />
          <Route path="*" element={<AdminHome />} />
        </Routes>
      </main>
    </div>
  );
}
