import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import type { i18n as I18n } from "i18next";
import { createQueryClient } from "@/lib/query-client";
import { createTransport } from "@/lib/transport";

/** App is the storefront (and, lazily, the back office) in the browser. */
export function App({ i18n }: { i18n: I18n }) {
  const [deps] = useState(() => ({
    queryClient: createQueryClient(),
    transport: createTransport(),
  }));
  return (
    <BrowserRouter>
      <AppProvider queryClient={deps.queryClient} transport={deps.transport} i18n={i18n}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
