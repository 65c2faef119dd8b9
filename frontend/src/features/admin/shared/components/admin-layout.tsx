import type { ReactNode } from "react";
import { Link, Navigate, useHref, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { GoToPage } from "@/components/ui/go-to-page";
import { Spinner } from "@/components/ui/spinner";
import { useLogout } from "@/hooks/use-logout";
import { useSession } from "@/hooks/use-session";
import { languagePrefix } from "@/lib/language-path";
import type { Language } from "@/lib/i18n";

/** isTillPath says a back-office path is the till's, all a till user may open. */
export function isTillPath(pathname: string): boolean {
  return pathname === "/admin/caja" || pathname.startsWith("/admin/caja/");
}

/**
 * AdminLayout guards the back office by role and frames its screens: a guest
 * goes to /auth and comes back, a client is told they have no access, till
 * staff see the till only. The server refuses every back-office call from
 * anyone but an admin anyway (the till's from till staff too).
 * screenTitles names each screen's nav text by the first segment after
 * /admin/, for the page title.
 */
export function AdminLayout({ screenTitles, children }: { screenTitles: Readonly<Record<string, string>>; children: ReactNode }) {
  const { t, i18n } = useTranslation("admin");
  const { viewer, resolved, user } = useSession();
  // The router's basename: "" at /admin, "/pt" at /pt/admin.
  const base = useHref("/").replace(/\/$/, "");
  const location = useLocation();
  const logout = useLogout();

  const screenTitle = screenTitles[location.pathname.split("/")[2] ?? ""];

  if (!resolved) return <Spinner label={t("checking")} className="mt-24" />;
  if (viewer === "guest") {
    // The sign-in page in the back office's language (the one the shopper
    // used last), which sends staff back to /admin.
    const signIn = `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`;
    const prefix = languagePrefix(i18n.language as Language);
    if (prefix === base) return <Navigate to={signIn} replace />;
    return <GoToPage href={prefix + signIn} />;
  }
  if (viewer === "till" && !isTillPath(location.pathname)) return <Navigate to="/admin/caja" replace />;
  if (viewer !== "admin" && viewer !== "till") {
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
          <Link to={viewer === "till" ? "/admin/caja" : "/admin"} className="text-xl font-extrabold text-brand-700">
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
        {children}
      </main>
    </div>
  );
}
