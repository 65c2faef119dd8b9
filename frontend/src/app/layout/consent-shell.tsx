import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { CookieBanner } from "@/features/cookie-consent/components/cookie-banner";
import { CookieSettingsDialog } from "@/features/cookie-consent/components/cookie-settings-dialog";
import { recordPageView } from "@/lib/analytics";

/**
 * ConsentShell wraps every route: it scrolls to the top on each navigation,
 * records page views (only with analytics consent) and shows the consent UI.
 */
export function ConsentShell() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    recordPageView(pathname);
  }, [pathname]);
  return (
    <>
      <Outlet />
      <CookieBanner />
      <CookieSettingsDialog />
    </>
  );
}
