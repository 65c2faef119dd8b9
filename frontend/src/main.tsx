// First: start the page's chunk and texts before the rest is evaluated.
import { entryPage } from "@/app/start";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { initI18n } from "@/lib/i18n";
import "@/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
const i18n = initI18n();
// The first render waits for the page's chunk and texts (downloading side by
// side since start.ts ran): it paints the whole page, with skeletons where
// data will go, at once instead of finding its parts behind spinners.
void Promise.allSettled([entryPage.ready, i18n.loadNamespaces(entryPage.ns)]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
