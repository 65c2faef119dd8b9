import { describe, expect, it } from "vitest";
import { splitByDuration } from "./sequencer";

const name = (file: string) => file;

describe("splitByDuration", () => {
  it.each<{ files: string[]; seconds: Record<string, number>; count: number; want: string[][] }>([
    { files: ["a", "b", "c", "d"], seconds: { a: 100, b: 60, c: 50, d: 10 }, count: 2, want: [["a", "d"], ["b", "c"]] },
    { files: ["a", "b", "c"], seconds: { a: 10, b: 10, c: 10 }, count: 3, want: [["a"], ["b"], ["c"]] },
    // A file not measured yet counts as the median of those measured.
    { files: ["a", "b", "new"], seconds: { a: 90, b: 30, c: 40 }, count: 2, want: [["a"], ["new", "b"]] },
    { files: ["a", "b"], seconds: {}, count: 1, want: [["a", "b"]] },
  ])("splits $files over $count shards", ({ files, seconds, count, want }) => {
    expect(splitByDuration(files, name, seconds, count)).toEqual(want);
  });

  it("puts every file in exactly one shard", () => {
    const files = Array.from({ length: 31 }, (_, i) => `f${i}`);
    const seconds = Object.fromEntries(files.map((f, i) => [f, (i * 37) % 101]));
    const shards = splitByDuration(files, name, seconds, 2);
    expect(shards.flat().sort()).toEqual([...files].sort());
  });
});
