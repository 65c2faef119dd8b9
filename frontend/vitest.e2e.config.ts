import { defineConfig } from "vitest/config";
import { DurationSequencer } from "./e2e/sequencer.js";

// Browser tests: Vitest runs them in Node, playwright-core drives Debian's
// chromium against a real shopd (started by e2e/global-setup.ts unless
// E2E_BASE_URL points at one already running).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    // One shop, one database: the flows run in order, in one worker that
    // keeps its modules and its Chromium (browser.ts) from file to file: a
    // fresh worker per file imported playwright-core again (41 s of a
    // shard's CPU-bound CI run) and started a Chromium of its own.
    fileParallelism: false,
    isolate: false,
    // A flow's steps each wait up to a minute on a loaded CI machine
    // (browser.ts): the test's own limit leaves room for several slow ones.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // expect.poll waits for what a page comes to show: Vitest's default
    // second is a speed target a loaded machine misses.
    expect: { poll: { timeout: 30_000, interval: 100 } },
    // Shards (./task test-e2e) split by each file's measured time.
    sequence: { sequencer: DurationSequencer },
  },
});
