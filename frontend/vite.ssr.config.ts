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

const entry = fileURLToPath(new URL("./src/ssr/entry-server.tsx", import.meta.url));

export default mergeConfig(base({ command: "build", mode: "production" }) as UserConfig, {
  plugins: [noDynamicImport()],
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
