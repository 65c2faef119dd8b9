// The server bundle (vite.ssr.config.ts): the same App, rendered to a string
// by shopd's render pool (backend/internal/prerender) in goja, an embedded
// JavaScript engine with no DOM, no network and no event loop of its own.
// shopd drives it in three steps per page: start (first render; the page's
// queries register in the cache and its lazy chunks start), fetch (the
// catalogue queries are answered through shopd's own API handler) and
// finish (second render with the data, and the data for the browser).
import { renderToString } from "react-dom/server.browser";
import { StaticRouter } from "react-router";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { deferredSettled } from "@/lib/deferred";
import { setPageTime } from "@/lib/hydration";
import { languagePrefix } from "@/lib/language-path";
import { createQueryClient } from "@/lib/query-client";
import { serverTransport } from "@/ssr/server-transport";
import { encodePageData, renderable } from "@/ssr/page-data";
import type { QueryClient } from "@tanstack/react-query";

// The back office's texts stay out: no rendered page shows them.
const texts = import.meta.glob<{ default: Record<string, unknown> }>(["../locales/*/*.json", "!../locales/*/admin.json"], {
  eager: true,
});

function resources() {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, mod] of Object.entries(texts)) {
    const m = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
    if (!m) continue;
    (out[m[1]] ??= {})[m[2]] = mod.default;
  }
  return out;
}
const allTexts = resources();

interface Render {
  url: string;
  language: string;
  client: QueryClient;
  i18n: typeof i18next;
  /** now is the time the page shows (countdowns). */
  now: number;
  /** final is the page's markup once fetchData found it whole. */
  final?: string;
}

let current: Render | undefined;

function html(r: Render): string {
  const transport = serverTransport;
  return renderToString(
    <StaticRouter location={r.url} basename={languagePrefix(r.language === "pt" ? "pt" : "es")}>
      <AppProvider queryClient={r.client} transport={transport} i18n={r.i18n}>
        <AppRoutes />
      </AppProvider>
    </StaticRouter>,
  );
}

/** start prepares a render of url (a Portuguese page's starts with /pt) in language. */
export function start(url: string, language: string): void {
  // A page renders as a first visit sees it, cookie banner included: shopd
  // takes the banner out for shoppers whose consent cookie says they chose
  // (see consent-shell.tsx), so on a first visit it paints with the page
  // instead of arriving after the JavaScript (it is often the largest text
  // on a phone's screen: the page's LCP).
  localStorage.removeItem("cookieBannerShown");
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    // As in the browser (lib/i18n.ts): the languages have the same keys.
    fallbackLng: false,
    supportedLngs: ["es", "pt"],
    ns: Object.keys(allTexts.es ?? {}),
    defaultNS: "common",
    resources: allTexts,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  const client = createQueryClient();
  // A failed read renders as the browser's loading state would, at once: a
  // retry's back-off is a timer the render does not wait for.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  current = { url, language, client, i18n, now: Date.now() };
  setPageTime(current.now);
}

/**
 * fetchData renders until the page is whole: between renders it lets the
 * chunks and data-layer modules the last render started arrive (shopd runs
 * the timers and promise jobs) and answers the public queries it asked for.
 * The page is whole when a render asks for nothing new and no part of it
 * waited for a chunk (React marks such a part <!--$!-->). Chunks stay loaded
 * in the runtime, so a worker's later renders take two rounds at most.
 */
export async function fetchData(): Promise<void> {
  const r = current;
  if (!r) throw new Error("ssr: fetchData before start");
  for (let round = 0; round < 8; round++) {
    await deferredSettled();
    const markup = html(r);
    const missing = r.client
      .getQueryCache()
      .getAll()
      .filter((q) => renderable(q.queryKey) && q.state.data === undefined && q.state.status !== "error");
    if (missing.length > 0) {
      await Promise.allSettled(missing.map((q) => q.fetch()));
      continue;
    }
    if (markup.includes("<!--$!-->")) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      continue;
    }
    r.final = markup;
    return;
  }
}

/** finish renders the page with its data; it returns the markup and the data for the browser. */
export function finish(): { html: string; data: string } {
  const r = current;
  if (!r) throw new Error("ssr: finish before start");
  current = undefined;
  return { html: r.final ?? html(r), data: encodePageData(r.client, r.now) };
}
