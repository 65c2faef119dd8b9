import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const src = fileURLToPath(new URL("./src", import.meta.url));
// Generated Connect/protobuf code is committed outside frontend/ (gen/ts) so
// every consumer of the contract shares one copy.
const gen = fileURLToPath(new URL("../gen/ts", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// The dev server forwards API, sign-in and image requests to a local shopd,
// so the app runs on one origin just as it does when shopd serves dist/.
const shopd = process.env.SHOPD_URL ?? "http://127.0.0.1:8085";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": src, "@gen": gen },
  },
  server: {
    port: 5175,
    strictPort: true,
    fs: { allow: [repoRoot] },
    proxy: {
      "/sabores.v1.": shopd,
      "/images/": shopd,
      "^/auth/(login|logout|callback)": shopd,
    },
  },
  build: {
    outDir: "dist",
    // dist/.keep belongs to the Go embed and must survive a build.
    emptyOutDir: false,
    sourcemap: false,
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
  },
});
