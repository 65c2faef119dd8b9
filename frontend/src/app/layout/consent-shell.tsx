import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import { recordPageView } from "@/lib/analytics";
import { defer, useDeferred, type Deferred } from "@/lib/deferred";

type BannerModule = typeof import("@/features/cookie-consent/components/cookie-banner");
let banner: Deferred<BannerModule> | undefined;
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
// shift; returning visitors who already chose never download it. It shows as
// soon as it arrives (no Suspense reveal delay): on a first visit it is one
// of the largest texts on screen, so it counts in the page's LCP.
function LazyCookieBanner() {
  const { bannerVisible } = useConsent();
  if (!bannerVisible) return null;
  return <DeferredCookieBanner />;
}

function DeferredCookieBanner() {
  banner ??= defer(() => import("@/features/cookie-consent/components/cookie-banner"));
  const loaded = useDeferred(banner);
  return loaded ? <loaded.CookieBanner /> : null;
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
