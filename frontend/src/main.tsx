import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { preloadPage } from "@/app/router";
import { initI18n } from "@/lib/i18n";
import "@/index.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
const i18n = initI18n();
// The page's chunk and its texts download side by side, and the first render
// waits for both: it paints the whole page (with skeletons where data will
// go) at once, instead of finding them one after another behind spinners.
const { ready, ns } = preloadPage(window.location.pathname);
void Promise.allSettled([ready, i18n.loadNamespaces(["common", ...ns])]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
