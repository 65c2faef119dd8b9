import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountBar } from "@/app/layout/account-bar";
import { Footer } from "@/app/layout/footer";
import { FreeShippingBanner } from "@/app/layout/free-shipping-banner";
import { Header } from "@/app/layout/header";
import { RouteError } from "@/app/layout/route-error";
import { ErrorBoundary } from "@/components/ui/error-boundary";
import { Spinner } from "@/components/ui/spinner";
import { HydrateWhenSeen } from "@/lib/hydrate-when-seen";

/** RootLayout is the storefront frame: banners, header, page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <FreeShippingBanner />
      <AccountBar />
      <Header />
      {/* At least a screen tall, so the footer starts below the fold: pages
          grow when their data arrives, and a footer pushed down in view is a
          layout shift (issue 20). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<Spinner className="min-h-[60vh]" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <HydrateWhenSeen>
        <Footer />
      </HydrateWhenSeen>
    </div>
  );
}
