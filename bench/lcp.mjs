// Measures the Largest Contentful Paint of pages of the running shop in
// headless Chromium. Usage: node bench/lcp.mjs BASE_URL PATH...
// Prints one JSON object {path: lcp_ms}. Each page is loaded three times in
// a fresh context (no cache) and the median is kept.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [base, ...paths] = process.argv.slice(2);
const userDataDir = mkdtempSync(join(tmpdir(), "sabores-lcp-"));
const browser = await chromium.launchPersistentContext(userDataDir, {
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});
const out = {};
try {
  for (const path of paths) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      const cdp = await browser.newCDPSession(page);
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(base + path, { waitUntil: "networkidle" });
      const lcp = await page.evaluate(() => new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(-1), 3000);
      }));
      runs.push(lcp);
      await page.close();
    }
    runs.sort((a, b) => a - b);
    out[path] = Math.round(runs[1]);
  }
} finally {
  await browser.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
