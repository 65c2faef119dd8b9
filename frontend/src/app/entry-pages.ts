import type { ComponentType } from "react";
import { pageLanguage, preloadTexts } from "@/lib/i18n";
import { pathWithoutLanguage } from "@/lib/language-path";

/** categoryPages are the category routes, each filtering the catalogue. */
export const categoryPages = ["bebidas", "alimentos", "doces", "congelados", "beleza", "perfumes"] as const;

/** PageChunk loads a page's chunk and, once it is in, hands the page over at once. */
export interface PageChunk<P> {
  (): Promise<{ default: ComponentType<P> }>;
  /** loaded is the page once its chunk has arrived. */
  loaded(): ComponentType<P> | undefined;
}

function pageChunk<P>(load: () => Promise<{ default: ComponentType<P> }>): PageChunk<P> {
  let page: ComponentType<P> | undefined;
  const get = () =>
    load().then((m) => {
      page = m.default;
      return m;
    });
  return Object.assign(get, { loaded: () => page });
}

// The pages people land on. Their chunks are named here, not in the router,
// so that starting them (start.ts) does not wait for the router's code.
/** homePage is the home page's chunk. */
export const homePage = pageChunk(() => import("@/app/routes/home"));
/** todosPage is /todos' chunk. */
export const todosPage = pageChunk(() => import("@/app/routes/todos"));
/** categoryPage is the category pages' chunk. */
export const categoryPage = pageChunk(() => import("@/app/routes/category"));
/** productPage is the product page's chunk. */
export const productPage = pageChunk(() => import("@/app/routes/product"));

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

/** countryPages are the chunks of the countries with a page of their own. */
export const countryPages = {
  brasil: pageChunk(() => import("@/app/routes/countries/brasil")),
  colombia: pageChunk(() => import("@/app/routes/countries/colombia")),
  "cabo-verde": pageChunk(() => import("@/app/routes/countries/cabo-verde")),
  senegal: pageChunk(() => import("@/app/routes/countries/senegal")),
};
/** genericCountryPage is the chunk of the countries sharing one layout. */
export const genericCountryPage = pageChunk(() => import("@/app/routes/countries/generic-country"));
/** countryCataloguePage is a country's full catalogue's chunk. */
export const countryCataloguePage = pageChunk(() => import("@/app/routes/countries/country-catalogue"));

// Each entry page, the text namespaces it shows first and, for the home
// page, its data-bound sections (fetched alongside, never waited for).
const entryPages: {
  path: RegExp;
  page: () => Promise<unknown>;
  ns: string[];
  alongside?: () => Promise<unknown>;
}[] = [
  { path: /^\/$/, page: homePage, ns: ["catalog"], alongside: () => import("@/features/catalog/components/home-data") },
  { path: /^\/todos\/?$/, page: todosPage, ns: ["catalog"] },
  { path: /^\/producto\/[^/]+\/?$/, page: productPage, ns: ["catalog"] },
  { path: new RegExp(`^/(${categoryPages.join("|")})/?$`), page: categoryPage, ns: ["catalog"] },
  // Country pages are landing pages too (shared links, search results): a
  // hydration that found their chunk or texts missing would suspend and
  // start over on their arrival, work a phone pays for in blocking time.
  ...Object.entries(countryPages).map(([slug, page]) => ({ path: new RegExp(`^/${slug}/?$`), page, ns: ["countries"] })),
  { path: new RegExp(`^/(${genericCountries.join("|")})/?$`), page: genericCountryPage, ns: ["countries"] },
  {
    path: new RegExp(`^/(${catalogueCountries.join("|")})/produtos/?$`),
    page: countryCataloguePage,
    ns: ["countries"],
  },
];

/**
 * startEntryPage starts downloading the chunk of the page at pathname and the
 * texts it shows, all at once, and returns the namespaces and a promise that
 * settles when the page's chunk is in: the first render waits for both, so it
 * paints the whole page instead of finding its parts one after another.
 */
export function startEntryPage(pathname: string): { ready: Promise<unknown>; ns: string[] } {
  const path = pathWithoutLanguage(pathname);
  const entry = entryPages.find((p) => p.path.test(path));
  const ns = ["common", ...(entry?.ns ?? [])];
  preloadTexts(pageLanguage(pathname), ns);
  if (!entry) return { ready: Promise.resolve(), ns };
  entry.alongside?.().catch(() => {});
  return { ready: entry.page(), ns };
}
