import { fileURLToPath } from "node:url";
import { mergeConfig, type Plugin, type UserConfig } from "vite";
import base from "./vite.config";

// The server bundle (issue 20): src/ssr/entry-server.tsx and the whole app in
// one classic script, for shopd's embedded JavaScript engine (goja, see
// backend/internal/prerender). Browser conditions, because the engine is no
// Node (react-dom/server.browser, no node: modules); every import inlined,
// because the engine loads no modules; ES2017 syntax, as the engine parses
// no `for await` (the back office's streamed CSV export has one); BigInt
// literals, which it does parse, are left as they are without a warning.
// Written to dist/ssr/, which shopd embeds but never serves.
/**
 * noDynamicImport replaces the import() expressions left in the bundle
 * (react-router's route-module loader, which the app's declarative routes
 * never call) with a rejection: goja parses no import().
 */
function noDynamicImport(): Plugin {
  return {
    name: "sabores:no-dynamic-import",
    renderChunk(code) {
      return code.replace(/(?<![\w$.])import\(/g, "((m)=>Promise.reject(new Error('ssr: no import() '+m)))(");
    },
  };
}

/**
 * privatePagesOut leaves the pages shopd never renders (server/prerender.go's
 * renderURL: the shopper's own pages, search and the back office) out of the
 * server bundle: the router's import() of each becomes a module whose page
 * renders nothing. The engine holds the bundle compiled in memory for as long
 * as it renders, so every page it cannot reach is memory the collector walks.
 */
function privatePagesOut(): Plugin {
  const router = fileURLToPath(new URL("./src/app/router.tsx", import.meta.url));
  const pages = fileURLToPath(new URL("./src/app/routes/", import.meta.url));
  const privatePages = new Set(
    ["cart", "checkout", "favorites", "auth", "client-dashboard", "orders", "order", "withdraw-order", "withdraw-link", "search", "newsletter"].map(
      (p) => pages + p,
    ),
  );
  privatePages.add(fileURLToPath(new URL("./src/features/admin/routes", import.meta.url)));
  const stub = "\0sabores:private-page";
  return {
    name: "sabores:private-pages-out",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer !== router) return null;
      const bare = source.replace(/\.tsx?$/, "");
      return privatePages.has(bare) ? stub : null;
    },
    load(id) {
      return id === stub ? "const page = () => null; export default page; export const AdminRoutes = page;" : null;
    },
  };
}

const entry = fileURLToPath(new URL("./src/ssr/entry-server.tsx", import.meta.url));

export default mergeConfig(base({ command: "build", mode: "production", isSsrBuild: true }) as UserConfig, {
  plugins: [privatePagesOut(), noDynamicImport()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  ssr: { target: "webworker", noExternal: true },
  build: {
    ssr: entry,
    outDir: "dist/ssr",
    emptyOutDir: true,
    manifest: false,
    ssrManifest: false,
    copyPublicDir: false,
    target: "es2017",
    minify: true,
    rollupOptions: {
      checks: { toleratedTransform: false },
      output: { format: "iife", name: "SaboresSSR", inlineDynamicImports: true, entryFileNames: "render.js" },
    },
  },
} satisfies UserConfig);
