import { createRouterTransport, type ConnectRouter } from "@connectrpc/connect";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { initI18n, type Language } from "@/lib/i18n";

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * renderApp renders the whole storefront at path, with the API faked by
 * connect's router transport (no network) and retries off.
 */
export function renderApp(path: string, routes: (router: ConnectRouter) => void = () => {}, language: Language = "es") {
  const transport = createRouterTransport(routes);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={queryClient} transport={transport} i18n={initI18n(language)}>
        <AppRoutes />
        <LocationProbe />
      </AppProvider>
    </MemoryRouter>,
  );
  return { ...utils, user, queryClient };
}
