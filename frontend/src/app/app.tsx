import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { initI18n } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { createTransport } from "@/lib/transport";

/** App is the storefront (and, lazily, the back office) in the browser. */
export function App() {
  const [deps] = useState(() => ({
    queryClient: createQueryClient(),
    transport: createTransport(),
    i18n: initI18n(),
  }));
  return (
    <BrowserRouter>
      <AppProvider queryClient={deps.queryClient} transport={deps.transport} i18n={deps.i18n}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
