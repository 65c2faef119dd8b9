import { useState } from "react";
import { BrowserRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { languageOfPath, languagePrefix } from "@/lib/language-path";
import { createTransport } from "@/lib/transport";

/**
 * App is the storefront (and, lazily, the back office) in the browser, on
 * queryClient (which holds the answers a server-rendered page came with).
 */
export function App({ i18n, queryClient }: { i18n: I18n; queryClient: QueryClient }) {
  const [transport] = useState(createTransport);
  // A Portuguese page's router works under /pt: the app's links ("/todos")
  // stay as they are and lead to the Portuguese pages ("/pt/todos"). The
  // language switch loads the other language's page (language-switch.tsx).
  const [basename] = useState(() => languagePrefix(languageOfPath(window.location.pathname) ?? "es"));
  return (
    <BrowserRouter basename={basename}>
      <AppProvider queryClient={queryClient} transport={transport} i18n={i18n}>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
