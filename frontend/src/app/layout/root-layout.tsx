import { Outlet, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { AccountBar } from "@/app/layout/account-bar";
import { Footer } from "@/app/layout/footer";
import { FreeShippingBanner } from "@/app/layout/free-shipping-banner";
import { Header } from "@/app/layout/header";

/** RootLayout is the storefront frame: banners, header, page, footer. */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
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
      {navigation.state === "loading" && (
        <div className="fixed inset-x-0 top-0 z-[70] h-1 animate-pulse bg-brand-600" aria-hidden="true" />
      )}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
