// Empties dist/ before a build except dist/.keep, which the Go embed of a
// clean checkout needs (Vite's emptyOutDir would delete it too).
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const dist = "dist";
for (const entry of readdirSync(dist)) {
  if (entry !== ".keep") rmSync(join(dist, entry), { recursive: true, force: true });
}
