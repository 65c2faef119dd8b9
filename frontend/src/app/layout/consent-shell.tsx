import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import { recordPageView } from "@/lib/analytics";
import { defer, useDeferred, type Deferred } from "@/lib/deferred";
import { useServerSnapshot } from "@/lib/hydration";

type BannerModule = typeof import("@/features/cookie-consent/components/cookie-banner");
let banner: Deferred<BannerModule> | undefined;
const loadBanner = () => defer(() => import("@/features/cookie-consent/components/cookie-banner"));

// bannerInPage says the server-rendered page being hydrated has the banner
// in its HTML: shopd renders every page as a first visit sees it and takes
// the banner out when the consent cookie says the shopper chose.
let bannerInPage = false;

/**
 * adoptServerBanner is called before hydrating root: when the HTML has the
 * banner, its module starts downloading (hydration waits for deferred
 * modules) and hydration keeps the banner, whatever storage says; the render
 * right after shows what the stored choice says.
 */
export function adoptServerBanner(root: HTMLElement) {
  bannerInPage = root.querySelector("[data-consent-banner]") !== null;
  if (bannerInPage) banner ??= loadBanner();
}
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
// soon as it arrives (no Suspense reveal delay). Server-rendered pages carry
// it in their HTML on a first visit (see adoptServerBanner).
function LazyCookieBanner() {
  const { bannerVisible } = useConsent();
  const server = useServerSnapshot();
  // In the browser's hydration the HTML decides; on the server (and after
  // hydration) the consent state, which on the server is a first visit's.
  const visible = server && !import.meta.env.SSR ? bannerInPage : bannerVisible;
  if (!visible) return null;
  return <DeferredCookieBanner visible={visible} />;
}

function DeferredCookieBanner({ visible }: { visible: boolean }) {
  banner ??= loadBanner();
  const loaded = useDeferred(banner);
  return loaded ? <loaded.CookieBanner visible={visible} /> : null;
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
