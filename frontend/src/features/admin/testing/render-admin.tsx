import { createRouterTransport, type ConnectRouter } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { AppProvider } from "@/app/provider";
import { AdminRoutes } from "@/features/admin/routes";
import { initI18n } from "@/lib/i18n";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

/** Viewer is who the fake server says is signed in. */
export type TestViewer = "admin" | "client" | "guest";

function AuthPage() {
  const location = useLocation();
  return <p data-testid="auth-page">{location.pathname + location.search}</p>;
}

/**
 * renderAdmin renders the back office at path, in Portuguese (the language of
 * most of the spec's admin texts), against a fake server: routes registers
 * the RPCs a test needs with connect's router transport, and GetSession
 * answers as viewer.
 */
export function renderAdmin(
  path: string,
  routes: (router: ConnectRouter) => void,
  { viewer = "admin" as TestViewer, language = "pt" as "pt" | "es" } = {},
) {
  const transport = createRouterTransport((router) => {
    router.service(AccountService, {
      getSession: () =>
        viewer === "guest"
          ? { signedIn: false }
          : {
              signedIn: true,
              user: {
                id: 1n,
                email: viewer === "admin" ? "admin@sabores.es" : "maria@example.com",
                name: viewer === "admin" ? "Admin Sabores" : "María Silva",
                role: viewer === "admin" ? Role.ADMIN : Role.CLIENT,
              },
            },
    });
    routes(router);
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: "/admin/*", element: <AdminRoutes /> },
      { path: "/auth", element: <AuthPage /> },
      { path: "/", element: <p>home</p> },
    ],
    { initialEntries: [path] },
  );
  const i18n = initI18n(language);
  const result = render(
    <AppProvider queryClient={queryClient} transport={transport} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
