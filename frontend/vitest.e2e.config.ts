import { defineConfig } from "vitest/config";

// Browser tests: Vitest runs them in Node, playwright-core drives Debian's
// chromium against a real shopd (started by e2e/global-setup.ts unless
// E2E_BASE_URL points at one already running).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    // One shop, one database: the flows run in order.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
