import type { ConnectRouter } from "@connectrpc/connect";
import { screen } from "@testing-library/react";
import { renderApp } from "@/testing/render-app";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { Role } from "@gen/sabores/v1/types_pb";

/** TestViewer is who the fake server says is signed in. */
export type TestViewer = "admin" | "till" | "client" | "guest";

// The person GetSession answers for each signed-in viewer.
const people = {
  admin: { email: "admin@sabores.es", name: "Admin Sabores", role: Role.ADMIN },
  till: { email: "caja@sabores.es", name: "Caja Burela", role: Role.TILL },
  client: { email: "maria@example.com", name: "María Silva", role: Role.CLIENT },
} as const;

/** currentUrl splits the app's current location (path and query). */
export function currentUrl(): { pathname: string; search: string } {
  const text = screen.getByTestId("location").textContent ?? "";
  const i = text.indexOf("?");
  return i < 0 ? { pathname: text, search: "" } : { pathname: text.slice(0, i), search: text.slice(i) };
}

/**
 * renderAdmin renders the app at a back-office path, in Portuguese by default
 * (the language of most of the spec's admin texts), against a fake server:
 * routes registers the RPCs a test needs with connect's router transport, and
 * GetSession answers as viewer (a function when the session ends mid-test).
 */
export function renderAdmin(
  path: string,
  routes: (router: ConnectRouter) => void,
  { viewer = "admin" as TestViewer | (() => TestViewer), language = "pt" as "pt" | "es" } = {},
) {
  const who = typeof viewer === "function" ? viewer : () => viewer;
  return renderApp(
    path,
    (router) => {
      router.service(AccountService, {
        getSession: () =>
          who() === "guest"
            ? { signedIn: false }
            : {
                signedIn: true,
                user: {
                  id: 1n,
                  ...people[who() as Exclude<TestViewer, "guest">],
                },
              },
      });
      routes(router);
    },
    language,
  );
}
