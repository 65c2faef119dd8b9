import assert from "node:assert/strict";
import { test } from "node:test";
import { onCpuTime } from "./cpu-time.mjs";

const page = { pid: 1, tid: 10 };
const task = (ts, dur, tdur, where = page, name = "RunTask") => ({ ...where, ph: "X", name, ts, dur, tdur });

test("shrinks each main-thread task to its CPU time, the events inside it alike", () => {
  const outer = task(1000, 10_000, 4_000);
  const inner = task(3000, 5_000, 2_000, page, "EvaluateScript");
  const deeper = task(4000, 2_000, 1_000, page, "v8.compile");
  const next = task(20_000, 3_000, 3_000);
  const trace = { traceEvents: [{ ...page, ph: "I", name: "firstContentfulPaint", ts: 500 }, deeper, next, outer, inner] };
  assert.deepEqual(onCpuTime(trace), { wallMs: 13, cpuMs: 7 });
  assert.deepEqual([outer.ts, outer.dur], [1000, 4_000]);
  assert.deepEqual([inner.ts, inner.dur], [1800, 2_000]);
  assert.deepEqual([deeper.ts, deeper.dur], [2200, 800]);
  // A task that had the CPU throughout keeps its place and length.
  assert.deepEqual([next.ts, next.dur], [20_000, 3_000]);
});

test("leaves other threads, and tasks without a CPU time or with more CPU than wall, as they are", () => {
  const compositor = task(1000, 10_000, 1_000, { pid: 1, tid: 11 });
  const otherRenderer = task(1000, 10_000, 1_000, { pid: 2, tid: 10 });
  const untimed = task(30_000, 8_000, undefined);
  const coarse = task(40_000, 1_000, 1_100);
  const trace = [{ ...page, ph: "I", name: "firstContentfulPaint", ts: 500 }, compositor, otherRenderer, untimed, coarse];
  assert.deepEqual(onCpuTime(trace), { wallMs: 9, cpuMs: 9 });
  assert.equal(compositor.dur, 10_000);
  assert.equal(otherRenderer.dur, 10_000);
  assert.equal(untimed.dur, 8_000);
  assert.equal(coarse.dur, 1_000);
});

test("refuses a trace without the page's first contentful paint", () => {
  assert.throws(() => onCpuTime({ traceEvents: [task(0, 1_000, 500)] }), /firstContentfulPaint/);
});
