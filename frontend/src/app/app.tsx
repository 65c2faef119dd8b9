import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { createQueryClient } from "@/lib/query-client";
import { createTransport } from "@/lib/transport";

/**
 * App is the storefront (and, lazily, the back office) in the browser; seed
 * fills its cache first with the answers a server-rendered page came with.
 */
export function App({ i18n, seed }: { i18n: I18n; seed?: (client: QueryClient) => void }) {
  const [deps] = useState(() => {
    const queryClient = createQueryClient();
    seed?.(queryClient);
    return { queryClient, transport: createTransport() };
  });
  return (
    <BrowserRouter>
      <AppProvider queryClient={deps.queryClient} transport={deps.transport} i18n={i18n}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
