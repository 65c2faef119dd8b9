// First: ask for the page's chunk and texts before anything else (boot.ts
// has usually run start.ts already, while this chunk downloaded).
import { entryPage, language, pageI18n } from "@/app/start";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { adoptServerBanner } from "@/app/layout/consent-shell";
import { deferredSettled } from "@/lib/deferred";
import { hydrateWhenSeen } from "@/lib/hydrate-when-seen";
import { setPageTime } from "@/lib/hydration";
import { keepLanguage } from "@/lib/i18n";
import { later } from "@/lib/later";
import { languageOfPath } from "@/lib/language-path";
import { createQueryClient } from "@/lib/query-client";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
// The back office follows the language of the last public page seen.
const urlLanguage = languageOfPath(window.location.pathname);
if (urlLanguage) keepLanguage(urlLanguage);

// React's renderer and the app's own modules are asked for apart, each from
// a task of its own: their chunks are in by the time this module runs, and
// each evaluation (react-dom's 2.7 ms of a fast machine's CPU, the app's
// more) would otherwise lengthen the task that evaluates this one.
const reactDom = later(() => import("react-dom/client"));
const appModule = later(() => import("@/app/app"));

// A public page arrives rendered by shopd (backend/internal/prerender) with
// the answers it was rendered from: the app hydrates it, with those answers
// in its cache, so nothing visible changes and nothing is asked twice (a
// page from before the catalogue's last change is shown, then its data is
// asked for again: data-stale). The page's URL says its language, which
// shopd rendered it in; a page in another language (none should be) gets
// the app rendered over it instead.
const pageData = document.getElementById("page-data")?.textContent;
const hydrate = !!pageData && root.firstChild !== null && root.dataset.renderedLanguage === language;
const seed = hydrate ? import("@/ssr/page-data") : undefined;
if (hydrate) adoptServerBanner(root);

/**
 * Ready marks the root once the app has taken the page over (browser tests
 * wait for it). It wraps the app rather than sitting beside it: the tree must
 * be the server's (entry-server.tsx), where a sibling would change every
 * useId below, and the ids the server put in the page would not be found.
 */
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    root?.setAttribute("data-hydrated", "true");
  }, []);
  return children;
}

// The first render waits for the page's chunk and texts (downloading side by
// side since start.ts ran): it paints the whole page, with skeletons where
// data will go, at once instead of finding its parts behind spinners. A
// hydration also waits for the data layer's modules the page rendered with.
const texts = pageI18n.then((i18n) => i18n.loadNamespaces(entryPage.ns));
void Promise.allSettled([entryPage.ready, texts, seed]).then(async () => {
  const [i18n, { createRoot, hydrateRoot }, { App }] = await Promise.all([pageI18n, reactDom, appModule]);
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <Ready>
        <App i18n={i18n} queryClient={queryClient} />
      </Ready>
    </StrictMode>
  );
  if (!seed || !pageData) {
    createRoot(root).render(app);
    return;
  }
  const { readPageData, seedPageData } = await seed;
  const data = readPageData(pageData);
  const current = !root.hasAttribute("data-stale");
  await seedPageData(queryClient, data, current);
  hydrateWhenSeen(current);
  await deferredSettled();
  setPageTime(data.now);
  // In a transition the hydration yields to the browser every few
  // milliseconds instead of holding the main thread for the whole page (a
  // phone's CPU took one long task of hundreds of milliseconds): the page is
  // already painted, so nothing is waiting for it to finish at once, and a
  // tap meanwhile hydrates its own part first.
  startTransition(() => {
    hydrateRoot(root, app);
  });
});
