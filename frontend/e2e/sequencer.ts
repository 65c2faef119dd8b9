import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * How long each browser file took, in seconds, in a clean-clone run of
 * .ci/run (e2e/durations.json, from the per-file times Vitest prints). A
 * file missing from it (a new one) counts as the median until it is added.
 */
const durations: Record<string, number> = JSON.parse(readFileSync(join(import.meta.dirname, "durations.json"), "utf8"));

/** splitByDuration puts the longest files first, each into the shard with the least time so far. */
export function splitByDuration<T>(files: T[], nameOf: (file: T) => string, seconds: Record<string, number>, count: number): T[][] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 1;
  const cost = (file: T) => seconds[nameOf(file)] ?? fallback;
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], total: 0 }));
  const byCost = [...files].sort((a, b) => cost(b) - cost(a) || nameOf(a).localeCompare(nameOf(b)));
  for (const file of byCost) {
    const lightest = shards.reduce((min, shard) => (shard.total < min.total ? shard : min));
    lightest.files.push(file);
    lightest.total += cost(file);
  }
  return shards.map((shard) => shard.files);
}

/**
 * DurationSequencer shards the browser files by their measured time: Vitest's
 * own split hashes the file names, and it gave one shard twice the other's
 * time (the storefront, language, first-paint and payment walks together),
 * so the suite lasted as long as its slow half.
 */
export class DurationSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const root = this.ctx.config.root;
    return splitByDuration(files, (spec) => relative(root, spec.moduleId), durations, count)[index - 1];
  }
}
