// Runs Lighthouse 12.8 with its mobile preset (simulated slow 4G, 4x CPU
// slowdown: what a shopper's phone sees, issue 20) on pages of the running
// shop in Debian's chromium. Usage: node bench/lighthouse.mjs BASE_URL PATH...
// Prints one JSON object {path: {performance, accessibility, bestPractices,
// seo, fcpMs, lcpMs, tbtMs, cls}}. Each page runs LIGHTHOUSE_RUNS times (3)
// in a fresh Chromium and the run with the median performance score is kept:
// single runs on a shared 2-core machine wander by a few points.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [base, ...paths] = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM ?? "/usr/bin/chromium";
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

function figures(lhr) {
  const a = lhr.audits;
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: Math.round(a["first-contentful-paint"].numericValue),
    lcpMs: Math.round(a["largest-contentful-paint"].numericValue),
    tbtMs: Math.round(a["total-blocking-time"].numericValue),
    cls: Math.round(a["cumulative-layout-shift"].numericValue * 1000) / 1000,
  };
}

// run measures path once in a fresh Chromium. A loaded machine sometimes
// loses the trace (NO_NAVSTART, NO_FCP): such a run is tried again, twice.
async function run(path) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
    try {
      // Lighthouse's default config is the mobile preset.
      const res = await lighthouse(base + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      const failed = res?.lhr.runtimeError;
      if (!failed) return figures(res.lhr);
      if (attempt === 3) throw new Error(`${path}: ${failed.message}`);
      console.error(`${path}: ${failed.code}; running again`);
    } finally {
      await chrome.kill();
    }
  }
}

const out = {};
for (const path of paths) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await run(path));
  results.sort((x, y) => x.performance - y.performance);
  out[path] = results[Math.floor(results.length / 2)];
}
console.log(JSON.stringify(out));
