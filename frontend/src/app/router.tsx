import { createBrowserRouter, type RouteObject } from "react-router";
import { ConsentShell } from "@/app/layout/consent-shell";
import { RootLayout } from "@/app/layout/root-layout";
import { RouteError } from "@/app/layout/route-error";

type PageModule = { default: React.ComponentType };

// Every page is its own chunk: the home page downloads only what it shows.
function page(load: () => Promise<PageModule>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

const categoryPages = ["bebidas", "alimentos", "beleza", "perfumes", "congelados"] as const;
const genericCountries = [
  "angola",
  "peru",
  "argentina",
  "republica-dominicana",
  "venezuela",
  "uruguai",
  "cuba",
] as const;

/** appRoutes is the route table, shared by the browser router and route tests. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <ConsentShell />,
      errorElement: <RouteError />,
      children: [
        {
          element: <RootLayout />,
          children: [
            { index: true, ...page(() => import("@/app/routes/home")) },
            { path: "todos", ...page(() => import("@/app/routes/todos")) },
            ...categoryPages.map((c) => ({ path: c, handle: { category: c }, ...page(() => import("@/app/routes/category")) })),
            { path: "producto/:id", ...page(() => import("@/app/routes/product")) },
            { path: "cart", ...page(() => import("@/app/routes/cart")) },
            { path: "checkout", ...page(() => import("@/app/routes/checkout")) },
            { path: "favorites", ...page(() => import("@/app/routes/favorites")) },
            { path: "auth", ...page(() => import("@/app/routes/auth")) },
            { path: "client-dashboard", ...page(() => import("@/app/routes/client-dashboard")) },
            { path: "orders", ...page(() => import("@/app/routes/orders")) },
            { path: "brasil", ...page(() => import("@/app/routes/countries/brasil")) },
            { path: "colombia", ...page(() => import("@/app/routes/countries/colombia")) },
            { path: "cabo-verde", ...page(() => import("@/app/routes/countries/cabo-verde")) },
            { path: "senegal", ...page(() => import("@/app/routes/countries/senegal")) },
            ...["brasil", "colombia", "cabo-verde"].map((c) => ({
              path: `${c}/produtos`,
              handle: { country: c },
              ...page(() => import("@/app/routes/countries/country-catalogue")),
            })),
            ...genericCountries.map((c) => ({
              path: c,
              handle: { country: c },
              ...page(() => import("@/app/routes/countries/generic-country")),
            })),
            { path: "privacy-policy", ...page(() => import("@/app/routes/legal/privacy-policy")) },
            { path: "return-policy", ...page(() => import("@/app/routes/legal/return-policy")) },
            { path: "cookie-policy", ...page(() => import("@/app/routes/legal/cookie-policy")) },
            { path: "contact", ...page(() => import("@/app/routes/legal/contact")) },
            { path: "*", ...page(() => import("@/app/routes/not-found")) },
          ],
        },
        // The back office is a separate chunk with its own layout; storefront
        // pages never download it.
        {
          path: "admin/*",
          lazy: async () => ({ Component: (await import("@/features/admin/routes")).AdminRoutes }),
        },
      ],
    },
  ];
}

/** createAppRouter builds the browser router. */
export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
