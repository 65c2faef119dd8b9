// Runs Lighthouse 12.8 with its mobile preset (simulated slow 4G, 4x CPU
// slowdown: what a shopper's phone sees, issue 20) on pages of the running
// shop in Debian's chromium. Usage: node bench/lighthouse.mjs BASE_URL PATH...
// Prints one JSON object {path: {performance, accessibility, bestPractices,
// seo, fcpMs, lcpMs, tbtMs, cls, benchmarkIndex, cpuSlowdown, mainThread, longTasks, scripts,
// and with LIGHTHOUSE_BENCHMARK_INDEX mainWallMs, mainCpuMs, onCpuTime}}. Each page runs LIGHTHOUSE_RUNS times (3)
// in a fresh Chromium and the run with the median performance score is kept:
// single runs on a shared 2-core machine wander by a few points.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onCpuTime } from "./cpu-time.mjs";

const [base, ...paths] = process.argv.slice(2);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The preset slows the CPU 4x whatever the host: on a host with a higher
// benchmarkIndex a larger factor stands for the same phone.
const slowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
// LIGHTHOUSE_BENCHMARK_INDEX names the class of machine a figure stands for
// (issue 36: ~1 250): each run's slowdown is then 4 x the host's
// benchmarkIndex, measured in that run, over it. A shared host's speed
// wanders from run to run (2 400 to 3 000 within minutes here), and a fixed
// factor would make each figure stand for another phone.
const targetIndex = Number(process.env.LIGHTHOUSE_BENCHMARK_INDEX ?? 0);
// LIGHTHOUSE_TRACES names a folder to keep each run's gathered artifacts in
// (its trace among them), to see what the long tasks were; the artifacts are
// gathered apart only with LIGHTHOUSE_BENCHMARK_INDEX set.
const keep = process.env.LIGHTHOUSE_TRACES;
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM ?? "/usr/bin/chromium";
// --hide-scrollbars: without it a mobile page's overlay scrollbar fades out
// after every change of the page's height, one frame each 16 ms for about
// half a second (~20 frames on the home page, with or without JavaScript).
// Without a GPU each frame is composited in software and Lighthouse's trace
// keeps a screenshot of it: on a 2-core host that took the GPU process's
// compositor 60-90 ms of every 100 while the page hydrated, time the page's
// main thread then waited for (bench/README.md, session 34). A phone fades
// the indicator on its GPU, beside cores to spare. LIGHTHOUSE_SCROLLBARS=1
// keeps them, to compare.
const flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ...(process.env.LIGHTHOUSE_SCROLLBARS === "1" ? [] : ["--hide-scrollbars"])];

function figures(lhr, cpuTime) {
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
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    cpuSlowdown: Math.round(lhr.configSettings.throttling.cpuSlowdownMultiplier * 10) / 10,
    // Where the main thread's time went, by kind of work, and the five
    // scripts that cost most (their file name without the hash's noise).
    mainThread: Object.fromEntries(
      (a["mainthread-work-breakdown"]?.details?.items ?? []).map((i) => [i.group, Math.round(i.duration)]),
    ),
    // The longest tasks as Lighthouse simulated them (start and duration in
    // ms after the slowdown, and the script it blames): what TBT is made of.
    longTasks: (a["long-tasks"]?.details?.items ?? []).slice(0, 8).map((t) => ({
      startMs: Math.round(t.startTime),
      durationMs: Math.round(t.duration),
      script: String(t.url).split("/").pop() || String(t.url),
    })),
    scripts: Object.fromEntries(
      (a["bootup-time"]?.details?.items ?? [])
        .slice()
        .sort((x, y) => y.total - x.total)
        .slice(0, 5)
        .map((i) => [String(i.url).split("/").pop() || String(i.url), Math.round(i.total)]),
    ),
    ...(cpuTime && {
      // The main thread's wall and CPU time in the trace (ms, not slowed),
      // and the same page audited with each of its tasks at its CPU time
      // (cpu-time.mjs says why).
      mainWallMs: Math.round(cpuTime.main.wallMs),
      mainCpuMs: Math.round(cpuTime.main.cpuMs),
      onCpuTime: {
        performance: Math.round((cpuTime.lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: Math.round(cpuTime.lhr.audits["first-contentful-paint"].numericValue),
        lcpMs: Math.round(cpuTime.lhr.audits["largest-contentful-paint"].numericValue),
        tbtMs: Math.round(cpuTime.lhr.audits["total-blocking-time"].numericValue),
      },
    }),
  };
}

// audit runs Lighthouse (its default config is the mobile preset) on url.
// The slowdown is simulated after the page has been traced, so with a target
// machine class the trace is gathered first, the host's benchmarkIndex read
// from it, and the audits run on it with the slowdown that index calls for;
// then once more on a copy whose main-thread tasks last their CPU time.
// It gives {lhr, cpuTime: {lhr, main}} (cpuTime only with a machine class).
async function audit(url, port, label) {
  const flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttling: { cpuSlowdownMultiplier: slowdown },
  };
  if (!targetIndex) return { lhr: (await lighthouse(url, flags))?.lhr };
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const cpuDir = mkdtempSync(join(tmpdir(), "lighthouse-cpu-"));
  try {
    await lighthouse(url, { ...flags, gatherMode: dir });
    const file = join(dir, "artifacts.json");
    const artifacts = JSON.parse(readFileSync(file, "utf8"));
    const scaled = (4 * artifacts.BenchmarkIndex) / targetIndex;
    // Lighthouse refuses settings that differ between gathering and
    // auditing: the saved ones take the scaled factor too.
    artifacts.settings.throttling.cpuSlowdownMultiplier = scaled;
    writeFileSync(file, JSON.stringify(artifacts));
    const settings = { ...flags, throttling: { cpuSlowdownMultiplier: scaled } };
    const observed = await lighthouse(url, { ...settings, auditMode: dir });
    if (observed?.lhr.runtimeError) return { lhr: observed.lhr };
    cpSync(dir, cpuDir, { recursive: true });
    const traceFile = join(cpuDir, "defaultPass.trace.json");
    const trace = JSON.parse(readFileSync(traceFile, "utf8"));
    const main = onCpuTime(trace);
    writeFileSync(traceFile, JSON.stringify(trace));
    const onCpu = await lighthouse(url, { ...settings, auditMode: cpuDir });
    return { lhr: observed.lhr, cpuTime: { lhr: onCpu.lhr, main } };
  } finally {
    if (keep) renameSync(dir, join(keep, label));
    else rmSync(dir, { recursive: true, force: true });
    rmSync(cpuDir, { recursive: true, force: true });
  }
}

// run measures path once in a fresh Chromium. A loaded machine sometimes
// loses the trace (NO_NAVSTART, NO_FCP): such a run is tried again, twice.
async function run(path, label) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
    try {
      const res = await audit(base + path, chrome.port, `${label}-${attempt}`);
      const failed = res.lhr?.runtimeError;
      if (!failed) return figures(res.lhr, res.cpuTime);
      if (attempt === 3) throw new Error(`${path}: ${failed.message}`);
      console.error(`${path}: ${failed.code}; running again`);
    } finally {
      await chrome.kill();
    }
  }
}

if (keep) mkdirSync(keep, { recursive: true });
const out = {};
for (const path of paths) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await run(path, `${path.replaceAll("/", "_")}-${i + 1}`));
  results.sort((x, y) => x.performance - y.performance);
  out[path] = results[Math.floor(results.length / 2)];
}
console.log(JSON.stringify(out));
