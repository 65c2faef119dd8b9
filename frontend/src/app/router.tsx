import { lazy, Suspense, useState, type ComponentType } from "react";
import { Route, Routes } from "react-router";
import {
  catalogueCountries,
  categoryPage,
  categoryPages,
  countryCataloguePage,
  countryPages,
  genericCountries,
  genericCountryPage,
  homePage,
  productPage,
  todosPage,
  type PageChunk,
} from "@/app/entry-pages";
import { ConsentShell } from "@/app/layout/consent-shell";
import { RootLayout } from "@/app/layout/root-layout";
import { Spinner } from "@/components/ui/spinner";

// lazyPage is React.lazy over a page chunk: once the chunk has arrived
// (start.ts fetches the landing page's before the first render) the page
// renders straight away instead of suspending for one more commit. Each
// mount keeps the component it started with, so a page first shown through
// React.lazy is not remounted (losing its state) when it renders again.
function lazyPage<P extends object>(chunk: PageChunk<P>): ComponentType<P> {
  const Lazy = lazy(chunk);
  return function Page(props: P) {
    const [Component] = useState(() => chunk.loaded() ?? Lazy);
    return <Component {...props} />;
  };
}

// Every page is its own chunk: the home page downloads only what it shows.
// (Declarative routes keep react-router's data-router code out of the
// bundle; the pages fetch through react-query instead of loaders.)
const Home = lazyPage(homePage);
const Todos = lazyPage(todosPage);
const Category = lazyPage(categoryPage);
const Product = lazyPage(productPage);
const Cart = lazy(() => import("@/app/routes/cart"));
const Checkout = lazy(() => import("@/app/routes/checkout"));
const Favorites = lazy(() => import("@/app/routes/favorites"));
const Auth = lazy(() => import("@/app/routes/auth"));
const ClientDashboard = lazy(() => import("@/app/routes/client-dashboard"));
const Orders = lazy(() => import("@/app/routes/orders"));
const Order = lazy(() => import("@/app/routes/order"));
const WithdrawOrder = lazy(() => import("@/app/routes/withdraw-order"));
const WithdrawLink = lazy(() => import("@/app/routes/withdraw-link"));
const Brasil = lazyPage(countryPages.brasil);
const Colombia = lazyPage(countryPages.colombia);
const CaboVerde = lazyPage(countryPages["cabo-verde"]);
const Senegal = lazyPage(countryPages.senegal);
const CountryCatalogue = lazyPage(countryCataloguePage);
const GenericCountry = lazyPage(genericCountryPage);
const PrivacyPolicy = lazy(() => import("@/app/routes/legal/privacy-policy"));
const ReturnPolicy = lazy(() => import("@/app/routes/legal/return-policy"));
const Terms = lazy(() => import("@/app/routes/legal/terms"));
const CookiePolicy = lazy(() => import("@/app/routes/legal/cookie-policy"));
const Contact = lazy(() => import("@/app/routes/legal/contact"));
const NotFound = lazy(() => import("@/app/routes/not-found"));
const Search = lazy(() => import("@/app/routes/search"));
const Newsletter = lazy(() => import("@/app/routes/newsletter"));
// The back office is a separate chunk with its own layout; storefront pages
// never download it.
const Admin = lazy(() => import("@/features/admin/routes").then((m) => ({ default: m.AdminRoutes })));

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
          <Route path="orders/:id" element={<Order />} />
          <Route path="orders/:id/withdraw" element={<WithdrawOrder />} />
          <Route path="desistir" element={<WithdrawLink />} />
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
          <Route path="terms" element={<Terms />} />
          <Route path="cookie-policy" element={<CookiePolicy />} />
          <Route path="contact" element={<Contact />} />
          <Route path="buscar" element={<Search />} />
          <Route path="newsletter" element={<Newsletter />} />
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
