import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import { recordPageView } from "@/lib/analytics";

const CookieBanner = lazy(() =>
  import("@/features/cookie-consent/components/cookie-banner").then((m) => ({ default: m.CookieBanner })),
);
const CookieSettingsDialog = lazy(() => import("@/features/cookie-consent/components/cookie-settings-dialog"));

// The settings dialog (and its dialog library) loads the first time it opens.
function LazySettingsDialog() {
  const { settingsOpen } = useConsent();
  const [wanted, setWanted] = useState(settingsOpen);
  if (settingsOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CookieSettingsDialog />
    </Suspense>
  );
}

// The banner is a fixed overlay, so loading it after the page costs no layout
// shift; returning visitors who already chose never download it.
function LazyCookieBanner() {
  const { bannerVisible } = useConsent();
  if (!bannerVisible) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

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
      <LazyCookieBanner />
      <LazySettingsDialog />
    </>
  );
}
