import { lazy, Suspense, useState, type ComponentType } from "react";
import { matchPath, Route, Routes } from "react-router";
import { ConsentShell } from "@/app/layout/consent-shell";
import { RootLayout } from "@/app/layout/root-layout";
import { Spinner } from "@/components/ui/spinner";

/** RoutePage is a lazily loaded page that can also be fetched ahead of its render. */
type RoutePage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

// lazyPage is React.lazy plus preload(): once the chunk has arrived the page
// renders straight away instead of suspending for one more commit. Each
// mount keeps the component it started with, so a page first shown through
// React.lazy is not remounted (losing its state) when it renders again.
function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): RoutePage<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((m) => (loaded = m.default));
  const Lazy = lazy(() => preload().then((page) => ({ default: page })));
  const Page = (props: P) => {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  };
  return Object.assign(Page, { preload });
}

// Every page is its own chunk: the home page downloads only what it shows.
// (Declarative routes keep react-router's data-router code out of the
// bundle; the pages fetch through react-query instead of loaders.)
const Home = lazyPage(() => import("@/app/routes/home"));
const Todos = lazyPage(() => import("@/app/routes/todos"));
const Category = lazyPage(() => import("@/app/routes/category"));
const Product = lazyPage(() => import("@/app/routes/product"));
const Cart = lazy(() => import("@/app/routes/cart"));
const Checkout = lazy(() => import("@/app/routes/checkout"));
const Favorites = lazy(() => import("@/app/routes/favorites"));
const Auth = lazy(() => import("@/app/routes/auth"));
const ClientDashboard = lazy(() => import("@/app/routes/client-dashboard"));
const Orders = lazy(() => import("@/app/routes/orders"));
const Brasil = lazy(() => import("@/app/routes/countries/brasil"));
const Colombia = lazy(() => import("@/app/routes/countries/colombia"));
const CaboVerde = lazy(() => import("@/app/routes/countries/cabo-verde"));
const Senegal = lazy(() => import("@/app/routes/countries/senegal"));
const CountryCatalogue = lazy(() => import("@/app/routes/countries/country-catalogue"));
const GenericCountry = lazy(() => import("@/app/routes/countries/generic-country"));
const PrivacyPolicy = lazy(() => import("@/app/routes/legal/privacy-policy"));
const ReturnPolicy = lazy(() => import("@/app/routes/legal/return-policy"));
const CookiePolicy = lazy(() => import("@/app/routes/legal/cookie-policy"));
const Contact = lazy(() => import("@/app/routes/legal/contact"));
const NotFound = lazy(() => import("@/app/routes/not-found"));
// The back office is a separate chunk with its own layout; storefront pages
// never download it.
const Admin = lazy(() => import("@/features/admin/routes").then((m) => ({ default: m.AdminRoutes })));

/** categoryPages are the category routes, each filtering the catalogue. */
export const categoryPages = ["bebidas", "alimentos", "beleza", "perfumes", "congelados"] as const;
/** catalogueCountries have a /{country}/produtos full catalogue. */
export const catalogueCountries = ["brasil", "colombia", "cabo-verde"] as const;
/** genericCountries share one country page layout. */
export const genericCountries = [
  "angola",
  "peru",
  "argentina",
  "republica-dominicana",
  "venezuela",
  "uruguai",
  "cuba",
] as const;

// The storefront's entry pages, the text namespaces they show first and, for
// the home page, its data-bound sections (fetched alongside, not waited for).
const entryPages: {
  path: string;
  page: { preload: () => Promise<unknown> };
  ns: string[];
  alongside?: () => Promise<unknown>;
}[] = [
  { path: "/", page: Home, ns: ["catalog"], alongside: () => import("@/features/catalog/components/home-data") },
  { path: "/todos", page: Todos, ns: ["catalog"] },
  { path: "/producto/:id", page: Product, ns: ["catalog"] },
  ...categoryPages.map((c) => ({ path: `/${c}`, page: Category, ns: ["catalog"] })),
];

/**
 * preloadPage starts downloading the page chunk of pathname and returns the
 * text namespaces it needs, so the first render can wait for both at once
 * instead of discovering them one after another.
 */
export function preloadPage(pathname: string): { ready: Promise<unknown>; ns: string[] } {
  const entry = entryPages.find((p) => matchPath(p.path, pathname));
  if (!entry) return { ready: Promise.resolve(), ns: [] };
  entry.alongside?.().catch(() => {});
  return { ready: entry.page.preload(), ns: entry.ns };
}

/** AppRoutes is the route table, used by the browser app and route tests. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<ConsentShell />}>
        <Route element={<RootLayout />}>
          <Route index element={<Home />} />
          <Route path="todos" element={<Todos />} />
          {categoryPages.map((c) => (
            <Route key={c} path={c} element={<Category category={c} />} />
          ))}
          <Route path="producto/:id" element={<Product />} />
          <Route path="cart" element={<Cart />} />
          <Route path="checkout" element={<Checkout />} />
          <Route path="favorites" element={<Favorites />} />
          <Route path="auth" element={<Auth />} />
          <Route path="client-dashboard" element={<ClientDashboard />} />
          <Route path="orders" element={<Orders />} />
          <Route path="brasil" element={<Brasil />} />
          <Route path="colombia" element={<Colombia />} />
          <Route path="cabo-verde" element={<CaboVerde />} />
          <Route path="senegal" element={<Senegal />} />
          {catalogueCountries.map((c) => (
            <Route key={c} path={`${c}/produtos`} element={<CountryCatalogue slug={c} />} />
          ))}
          {genericCountries.map((c) => (
            <Route key={c} path={c} element={<GenericCountry slug={c} />} />
          ))}
          <Route path="privacy-policy" element={<PrivacyPolicy />} />
          <Route path="return-policy" element={<ReturnPolicy />} />
          <Route path="cookie-policy" element={<CookiePolicy />} />
          <Route path="contact" element={<Contact />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route
          path="admin/*"
          element={
            <Suspense fallback={<Spinner className="mt-24" />}>
              <Admin />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
