import type { Transport } from "@connectrpc/connect";
import { TransportProvider } from "@connectrpc/connect-query";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { Suspense, type ReactNode } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { Toaster } from "@/components/ui/toaster";
import { Spinner } from "@/components/ui/spinner";
import { CartSyncer } from "@/features/cart/components/cart-syncer";
import { ConsentRecorder } from "@/features/cookie-consent/components/consent-recorder";
import { ConsentProvider } from "@/features/cookie-consent/consent-provider";
import { SessionProvider } from "@/hooks/use-session";
import { ShopDetailsProvider } from "@/hooks/use-shop-details";

function LocalizedToaster({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Toaster closeLabel={t("close")}>{children}</Toaster>;
}

/** AppProvider wires the data layer, languages and the browser-kept state. */
export function AppProvider({
  children,
  queryClient,
  transport,
  i18n,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  transport: Transport;
  i18n: I18n;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <TransportProvider transport={transport}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<Spinner className="mt-24" />}>
            <LocalizedToaster>
              <ConsentProvider>
                <SessionProvider>
                  <ConsentRecorder />
                  <ShopDetailsProvider>
                    <CartSyncer />
                    {children}
                  </ShopDetailsProvider>
                </SessionProvider>
              </ConsentProvider>
            </LocalizedToaster>
          </Suspense>
        </QueryClientProvider>
      </TransportProvider>
    </I18nextProvider>
  );
}
