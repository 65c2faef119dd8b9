// Measures what each way of sending the first screen would give, before
// building one (issue 20; figures in bench/README.md). For each page of the
// running shop it serves three versions of the same page through a small
// proxy and runs Lighthouse's mobile preset (bench/lighthouse/lighthouse.mjs) on each:
//   spa     the page as shopd serves it today (an empty #root, preloads);
//   shell   #root holding what the app paints before its data arrives
//           (header, footer, skeletons): a build-time pre-render;
//   content #root holding the page with its data (names, prices, images):
//           what server rendering from shopd's cached data would send.
// The shell and content snapshots come from the app itself in Chromium
// (API requests held back for the shell). The app still loads and renders
// over them, so the figures are those of the HTML, not of a hydration.
// Usage: node bench/lighthouse/variants.mjs SHOPD_URL PATH...
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const [shopd, ...paths] = process.argv.slice(2);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

async function snapshots(path) {
  const dir = mkdtempSync(join(tmpdir(), "sabores-variants-"));
  const browser = await chromium.launchPersistentContext(dir, {
    executablePath: chromePath,
    headless: true,
    viewport: { width: 412, height: 823 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
  });
  try {
    const root = (page) => page.evaluate(() => document.getElementById("root").innerHTML);
    const page = await browser.newPage();
    await page.goto(shopd + path, { waitUntil: "networkidle" });
    const content = await root(page);
    const held = await browser.newPage();
    await held.route(/\/sabores\.v1\./, () => {}); // never answered
    await held.goto(shopd + path);
    await held.waitForTimeout(3000);
    const shell = await root(held);
    return { content, shell };
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = {};
for (const path of paths) {
  const snap = await snapshots(path);
  const spa = { text: await (await fetch(shopd + path)).text() };
  for (const variant of ["spa", "shell", "content"]) {
    const html =
      variant === "spa" ? spa.text : spa.text.replace('<div id="root"></div>', `<div id="root">${snap[variant]}</div>`);
    // The proxy serves the variant for the page and forwards the rest.
    const server = http.createServer((req, res) => {
      if (req.url === path) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
        res.end(html);
        return;
      }
      // Passed through as sent (compressed), headers and all.
      const up = http.request(shopd + req.url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      up.on("error", () => res.destroy());
      req.pipe(up);
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${server.address().port}`;
    try {
      const out = await new Promise((resolve, reject) => {
        // bench/lighthouse/lighthouse.mjs in a child: Lighthouse holds the event loop
        // this proxy needs, so it runs in its own process.
        execFile("node", ["bench/lighthouse/lighthouse.mjs", base, path], (err, stdout, stderr) =>
          err ? reject(new Error(stderr)) : resolve(JSON.parse(stdout)),
        );
      });
      results[`${variant} ${path}`] = { ...out[path], htmlKB: Math.round(Buffer.byteLength(html) / 102.4) / 10 };
    } finally {
      server.close();
    }
  }
}
console.log(JSON.stringify(results, null, 2));
