// Prints the gzip size of the JavaScript the home page needs before its first
// meaningful render (header, banners, section headings and skeletons that
// reserve the data's space) and fails above the budget: the entry chunk and
// its static imports, the home route chunk and its static imports, and the
// Spanish text bundles it shows. main.tsx waits for exactly these before it
// renders. The data layer behind lib/deferred.ts, the Connect transport and
// the cookie banner are asked for after the first render, but they share the
// "deferred" chunk (vite.config.ts) that the app's chunk imports, so the
// browser fetches them before it: they count.
// Usage: node scripts/bundle-size.mjs [distDir]   (after `vite build`);
// BUNDLE_BUDGET_KB overrides the 150 KB budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const budgetBytes = Number(process.env.BUNDLE_BUDGET_KB ?? 150) * 1024;
const dist = process.argv[2] ?? "dist";
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

// Modules the home page's first render waits for: the app entry, the home
// route and the Spanish texts for the namespaces it shows.
// index.html (src/boot.ts) starts src/main.tsx after the first paint: both count.
// main.tsx has no key of its own: the grouped chunks (vite.config.ts,
// storefrontChunks) that index.html and main import() are keyed "_name-hash",
// and those are followed as the static imports are.
const roots = ["index.html", "src/app/routes/home.tsx", "src/locales/es/common.json", "src/locales/es/catalog.json"];

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`bundle-size: ${key} is not in the manifest`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
  for (const dep of chunk.dynamicImports ?? []) if (dep.startsWith("_")) visit(dep);
};
roots.forEach(visit);
// The head's classic scripts (the typeface's, vite-plugins/typeface.ts) run
// before the first render too.
for (const [, src] of readFileSync(join(dist, "index.html"), "utf8").matchAll(/<script src="\/([^"]+)"/g)) files.add(src);

let total = 0;
const rows = [...files]
  .filter((f) => f.endsWith(".js"))
  .map((f) => {
    const gz = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
    total += gz;
    return [f, gz];
  })
  .sort((a, b) => b[1] - a[1]);
for (const [f, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
console.log(`home page initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${budgetBytes / 1024} KB)`);

const admin = Object.entries(manifest).filter(([k]) => k.startsWith("src/features/admin/"));
const leaked = admin.filter(([, c]) => files.has(c.file));

// The back office's lazy chunks (its entry and each screen), each alone and
// with the chunks it imports that the home page has not loaded already: what
// opening that screen first downloads on top of the storefront.
const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const withImports = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (seen.has(chunk.file) || files.has(chunk.file)) return 0;
  seen.add(chunk.file);
  return gzipOf(chunk.file) + (chunk.imports ?? []).reduce((sum, dep) => sum + withImports(dep, seen), 0);
};
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
console.log("back office lazy chunks (gzip): alone, with imports");
for (const [key, chunk] of admin.filter(([, c]) => c.isDynamicEntry).sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${kb(gzipOf(chunk.file))} KB ${kb(withImports(key))} KB  ${key}`);
}
if (leaked.length) {
  console.error(`back-office code is in the home page's bundle: ${leaked.map(([k]) => k).join(", ")}`);
  process.exit(1);
}
if (total > budgetBytes) {
  console.error("home page JavaScript is over budget");
  process.exit(1);
}
