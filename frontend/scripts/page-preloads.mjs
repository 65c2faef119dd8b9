// Writes dist/preloads.json: the URLs of the entry pages' first API requests,
// for shopd to name as <link rel="preload"> in the page (issue 20). The
// requests come from src/app/page-requests.ts, which builds them with the
// pages' own functions; they go through connect-web with the app's transport
// options and a fetch that records the URL and answers nothing. Run by
// `npm run build` after `vite build`.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createServer } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const vite = await createServer({
  root,
  configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "error",
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { everyPage, pageRequests, productIdSlot } = await vite.ssrLoadModule("/src/app/page-requests.ts");
  const { transportOptions } = await vite.ssrLoadModule("/src/lib/transport.ts");
  const { createConnectTransport } = await vite.ssrLoadModule("@connectrpc/connect-web");
  const urlOf = async (send) => {
    let url;
    const transport = createConnectTransport({
      ...transportOptions,
      fetch: (input) => {
        url = String(input);
        return Promise.reject(new Error("recorded"));
      },
    });
    await send(transport).catch(() => {});
    if (!url) throw new Error("a page request sent nothing");
    if (!url.startsWith("/")) throw new Error(`a page request is not a same-origin path: ${url}`);
    return url.replaceAll(String(productIdSlot), "{id}");
  };
  const urls = async (calls) => Promise.all(calls.map(urlOf));
  const out = {
    everyPage: await urls(everyPage),
    pages: await Promise.all(
      pageRequests.map(async (p) => ({ path: p.path, bareOnly: p.bareOnly ?? false, calls: await urls(p.calls) })),
    ),
  };
  writeFileSync(fileURLToPath(new URL("../dist/preloads.json", import.meta.url)), JSON.stringify(out, null, 2) + "\n");
} finally {
  await vite.close();
}
