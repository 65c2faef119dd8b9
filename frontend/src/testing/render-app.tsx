import { createRouterTransport, type ConnectRouter } from "@connectrpc/connect";
import { QueryClient } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { initI18n, type Language } from "@/lib/i18n";
import { AccountService, type SyncMyCartRequest } from "@gen/sabores/v1/account_service_pb";

// A signed-in shopper's cart is kept on the server (CartSyncer): a test's
// fake AccountService that does not say otherwise keeps the browser's cart as
// it is, instead of answering "unimplemented" into every test's output.
function keepingCarts(router: ConnectRouter): ConnectRouter {
  return new Proxy(router, {
    get(target, prop, receiver) {
      if (prop !== "service") return Reflect.get(target, prop, receiver) as unknown;
      const service: ConnectRouter["service"] = (desc, impl, options) =>
        desc.typeName === AccountService.typeName && !("syncMyCart" in impl)
          ? target.service(desc, { ...impl, syncMyCart: (req: SyncMyCartRequest) => ({ lines: req.lines }) }, options)
          : target.service(desc, impl, options);
      return service;
    },
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * renderApp renders the whole storefront at path, with the API faked by
 * connect's router transport (no network) and retries off.
 */
export function renderApp(path: string, routes: (router: ConnectRouter) => void = () => {}, language: Language = "es") {
  const transport = createRouterTransport((router) => routes(keepingCarts(router)));
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const i18n = initI18n(language);
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider queryClient={queryClient} transport={transport} i18n={i18n}>
        <AppRoutes />
        <LocationProbe />
      </AppProvider>
    </MemoryRouter>,
  );
  return { ...utils, user, queryClient, i18n };
}
