// Scratch: inclusive CPU time of each module's top-level evaluation on a page load.
import { chromium } from "playwright-core";
const [base, path, runs = "4"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const byModule = new Map();
for (let r = 0; r < Number(runs); r++) {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(base + path);
  await page.waitForSelector("#root[data-hydrated]", { timeout: 30000 });
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send("Profiler.stop");
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (let i = 0; i < profile.samples.length; i++) {
    const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let id = profile.samples[i];
    let outer = null;
    while (id !== undefined) {
      const cf = nodes.get(id).callFrame;
      if (cf.functionName === "" && cf.lineNumber === 0 && cf.url.includes("/assets/")) outer = cf.url.replace(/.*\//, "");
      id = parent.get(id);
    }
    if (outer) byModule.set(outer, (byModule.get(outer) ?? 0) + d);
  }
  await ctx.close();
}
for (const [k, v] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / Number(runs)).toFixed(1), k);
await browser.close();
