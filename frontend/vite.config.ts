import { fileURLToPath } from "node:url";
import { create } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { messageLiteral, precomputedDescriptors } from "./vite-plugins/precomputed-descriptors";
import { typeface } from "./vite-plugins/typeface";

const src = fileURLToPath(new URL("./src", import.meta.url));
// Generated Connect/protobuf code is committed outside frontend/ (gen/ts) so
// every consumer of the contract shares one copy.
const gen = fileURLToPath(new URL("../gen/ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
// protobuf's descriptor registry by itself (src/lib/file-desc-literal.ts):
// the package exports it only from its index.
const protobufRegistry = fileURLToPath(new URL("../node_modules/@bufbuild/protobuf/dist/esm/registry.js", import.meta.url));
// react-router's package exports only its development build (dev warnings
// on); production bundles take the identical build with them compiled out.
const reactRouterProduction = fileURLToPath(
  new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url),
);

// The dev server forwards API, sign-in and image requests to a local shopd
// (./task dev runs it on :8080 with PUBLIC_URL pointing here), so the app
// runs on one origin just as it does when shopd serves dist/.
const shopd = process.env.SHOPD_URL ?? "http://127.0.0.1:8080";

/**
 * emptyProtovalidateDescriptor swaps the generated descriptor of
 * buf/validate/validate.proto (72 KB, 12 KB gzip) for an empty file of the
 * same name. The generated files import it only so their field options can
 * name the protovalidate extension; the browser never evaluates those rules
 * (the server does), and the options stay intact as unknown fields.
 */
function emptyProtovalidateDescriptor(): Plugin {
  const id = "\0sabores-empty-protovalidate";
  const empty = create(FileDescriptorProtoSchema, { name: "buf/validate/validate.proto", package: "buf.validate" });
  return {
    name: "sabores:empty-protovalidate-descriptor",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer?.includes("/gen/ts/") && /\/buf\/validate\/validate_pb(\.js)?$/.test(source)) return id;
      return null;
    },
    load(loadId) {
      if (loadId !== id) return null;
      return `import { descriptorMessage, fileDescLiteral } from "@/lib/file-desc-literal";\nexport const file_buf_validate_validate = /*@__PURE__*/ fileDescLiteral(${messageLiteral(empty)});\n`;
    },
  };
}

/**
 * connectIdempotencyLevel gives the Connect protocol's transports the one
 * thing they take from protobuf's well-known types, the enum
 * MethodOptions.IdempotencyLevel (a read goes over GET), as a module of its
 * own. Imported from google/protobuf/descriptor's module, it evaluated that
 * module on every page, and with it descriptor.proto's whole file, which the
 * checkout needs (it reads the contract's validation rules) and no other page.
 */
function connectIdempotencyLevel(): Plugin {
  const id = "\0sabores-idempotency-level";
  return {
    name: "sabores:connect-idempotency-level",
    enforce: "pre",
    resolveId(source, importer) {
      const transport = /@connectrpc\/connect(-web)?\/dist\/esm\/(connect-transport|protocol-connect\/transport)\.js$/;
      if (source === "@bufbuild/protobuf/wkt" && importer && transport.test(importer)) return id;
      return null;
    },
    load(loadId) {
      if (loadId !== id) return null;
      return `export const MethodOptions_IdempotencyLevel = ${JSON.stringify(MethodOptions_IdempotencyLevel)};\n`;
    },
  };
}

/**
 * storefrontChunks puts the modules that more than one chunk imports into
 * two chunks: "vendor" (React, the router, react-query, Connect, protobuf,
 * i18next) and "app" (this app's modules and the storefront's part of the
 * contract; the back office, the account and the payment pages keep theirs
 * apart), the back office's part of the contract into "backoffice-contract",
 * and the small modules every page defers into "deferred". Left to automatic
 * splitting, the home page came in 65 module scripts (20 before "deferred",
 * 13 with it), and in Lighthouse's traced Chromium each script's arrival is
 * main-thread work of its own (response, data, compile: 0.7 ms of CPU, 3-20
 * ms of wall time on the bench machine): 920-1 640 tasks after the first
 * paint, against 340-640 in the 20 scripts grouped (bench/README.md, session
 * 33). strictExecutionOrder keeps each module's evaluation where the
 * unbundled graph has it (protobuf's descriptor kinds before the files that
 * use them), since a chunk now holds modules of many pages; a module
 * evaluates when first imported, hence lib/later.ts. The preload helper,
 * which the entry imports, stays out of "app", or the entry would fetch the
 * app before the first paint.
 */
function storefrontChunks() {
  const vendor = /node_modules[\\/](react|react-dom|scheduler|@tanstack|@connectrpc|@bufbuild|i18next|react-i18next|react-router|cookie|set-cookie-parser)[\\/]/;
  const ownChunks = /src[\\/]features[\\/](admin|account|payment)[\\/]/;
  const app = (id: string) => (id.startsWith(src) || id.startsWith(gen)) && !ownChunks.test(id);
  // The back office's part of the contract (admin_*, the till), which its
  // pages share with one another and no storefront page imports: grouped
  // with the rest of the contract in "app", its descriptors were 150 of that
  // chunk's 290 KB, fetched and parsed on every storefront page (issue 36).
  // The group takes these files alone: by default a group also takes what
  // its modules import, here the storefront's shared types, and "app" then
  // imported the whole group.
  const backOfficeContract = /gen[\\/]ts[\\/]sabores[\\/]v1[\\/](admin|till)_/;
  // The small modules every storefront page asks for after its first render
  // (lib/deferred.ts, lib/transport.ts, main.tsx's page data), each imported
  // by one chunk only, so "app" leaves each its own: one chunk, one script.
  // The lowest priority, so that what they import stays in vendor and app.
  const deferred =
    /src[\\/](hooks[\\/](session|shop-details)-query|features[\\/](catalog[\\/]components[\\/]search-query|cart[\\/]cart-sync|cookie-consent[\\/](record-consent|components[\\/]cookie-banner))|ssr[\\/]page-data|lib[\\/]connect-transport)\.tsx?$/;
  return {
    // V8's explicit compile hint (Chrome 136+) on every chunk: its functions
    // are compiled eagerly on the thread that streams the script in, instead
    // of lazily on the main thread the first time each is called, where a
    // phone spent much of its page's first seconds (issue 36). Other engines
    // read a comment. After minification, which would strip it.
    postBanner: "//# allFunctionsCalledOnLoad",
    strictExecutionOrder: true,
    codeSplitting: {
      groups: [
        { name: "boot", test: /vite[\\/]preload-helper/, priority: 3 },
        { name: "vendor", test: vendor, priority: 2, minShareCount: 2 },
        { name: "backoffice-contract", test: backOfficeContract, priority: 2, minShareCount: 2, includeDependenciesRecursively: false },
        { name: "app", test: app, priority: 1, minShareCount: 2 },
        { name: "deferred", test: deferred, priority: 0 },
      ],
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [emptyProtovalidateDescriptor(), connectIdempotencyLevel(), precomputedDescriptors(), react(), tailwindcss(), typeface()],
  resolve: {
    alias: [
      { find: "@", replacement: src },
      { find: "@gen", replacement: gen },
      { find: /^@bufbuild\/protobuf\/registry$/, replacement: protobufRegistry },
      // The scroll lock's styles as a constructed stylesheet, which the CSP
      // allows, instead of a <style> element, which it blocks.
      { find: /^react-style-singleton$/, replacement: `${src}/lib/style-singleton.ts` },
      ...(command === "build" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 5175,
    strictPort: true,
    fs: { allow: [repoRoot] },
    proxy: {
      "/sabores.v1.": shopd,
      "/images/": shopd,
      "^/auth/(login|logout|callback)": shopd,
      // The built-in development sign-in provider's pages.
      "/dev-oidc/": shopd,
    },
  },
  build: {
    outDir: "dist",
    // dist/.keep belongs to the Go embed and must survive a build, so
    // scripts/clean-dist.mjs empties dist instead (npm run build).
    emptyOutDir: false,
    sourcemap: false,
    // scripts/bundle-size.mjs reads the manifest to measure the home page.
    manifest: true,
    // No modulepreload links for dynamic imports: Vite's helper appended one
    // <link> per chunk a dynamic import needs (53 on the home page), and each
    // append starts a request from script, which cost Lighthouse's traced
    // Chromium about 2 ms of main thread apiece: 24 of start()'s 31 ms and 33
    // of the main chunk's 73 ms evaluation (issue 20, bench/HISTORY.md, session
    // 9). The browser fetches a chunk's static imports itself once the chunk
    // arrives, and the helper still defers each import() to a microtask: the
    // page's chunk (start.ts) starts downloading once main is evaluated, not
    // during. Only the hydration waits for that; the page is already painted.
    modulePreload: false,
    // The server bundle (vite.ssr.config.ts) is one script: no chunks.
    ...(isSsrBuild ? {} : { rolldownOptions: { output: storefrontChunks() } }),
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "e2e/**/*.test.ts", "vite-plugins/**/*.test.ts"],
    css: false,
    // Each test builds its own query client, i18n instance and storage, so
    // files can share one jsdom environment (most of the suite's time).
    isolate: false,
    // Route tests walk whole flows (checkout's four steps) through lazy chunks.
    testTimeout: 30000,
    // In CI the unit tests share two cores with both browser shards and the
    // Go tests: two clean-clone rehearsals each lost one test to time alone
    // (a one-second autosend outrun, a lazy page suspended past 20 s), never
    // the same one. A test failing again on its retry still fails the run,
    // and vitest names every test that needed one.
    retry: process.env.CI ? 1 : 0,
  },
}));
