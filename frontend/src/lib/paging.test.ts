import { describe, expect, it } from "vitest";
import { pageCount, pageRange, pageWindow, readPage, withPage } from "@/lib/paging";

describe("pageWindow", () => {
  it.each([
    { current: 1, total: 0, want: [] },
    { current: 1, total: 1, want: [1] },
    { current: 1, total: 5, want: [1, 2, 3, 4, 5] },
    { current: 1, total: 10, want: [1, 2, 3, 4, 5, "ellipsis-end", 10] },
    { current: 3, total: 10, want: [1, 2, 3, 4, 5, "ellipsis-end", 10] },
    { current: 4, total: 10, want: [1, 2, 3, 4, 5, 6, "ellipsis-end", 10] },
    { current: 5, total: 10, want: [1, 2, 3, 4, 5, 6, 7, "ellipsis-end", 10] },
    { current: 6, total: 12, want: [1, "ellipsis-start", 4, 5, 6, 7, 8, "ellipsis-end", 12] },
    { current: 6, total: 10, want: [1, "ellipsis-start", 4, 5, 6, 7, 8, 9, 10] },
    { current: 8, total: 10, want: [1, "ellipsis-start", 6, 7, 8, 9, 10] },
    { current: 10, total: 10, want: [1, "ellipsis-start", 6, 7, 8, 9, 10] },
    { current: 6, total: 7, want: [1, 2, 3, 4, 5, 6, 7] },
    { current: 99, total: 10, want: [1, "ellipsis-start", 6, 7, 8, 9, 10] },
  ])("page $current of $total", ({ current, total, want }) => {
    expect(pageWindow(current, total)).toEqual(want);
  });

  it("always shows five numbers around the current page when there are enough", () => {
    for (let current = 1; current <= 40; current++) {
      const numbers = pageWindow(current, 40).filter((i) => typeof i === "number") as number[];
      const inner = numbers.filter((n) => n !== 1 && n !== 40);
      expect(numbers).toContain(current);
      expect(inner.length + (numbers.includes(1) ? 1 : 0) + (numbers.includes(40) ? 1 : 0)).toBeGreaterThanOrEqual(5);
      expect(inner.every((n) => Math.abs(n - current) <= 4)).toBe(true);
    }
  });
});

describe("pageCount and pageRange", () => {
  it.each([
    { total: 0, want: 0 },
    { total: 1, want: 1 },
    { total: 20, want: 1 },
    { total: 21, want: 2 },
  ])("$total items make $want pages of 20", ({ total, want }) => {
    expect(pageCount(total, 20)).toBe(want);
  });
  it.each([
    { page: 1, total: 45, want: [1, 20] },
    { page: 3, total: 45, want: [41, 45] },
    { page: 1, total: 0, want: [0, 0] },
    { page: 99, total: 48, want: [0, 0] }, // past the end: nothing, not "48-48"
  ])("page $page of $total items shows $want", ({ page, total, want }) => {
    expect(pageRange(page, 20, total)).toEqual(want);
  });
});

describe("readPage and withPage", () => {
  it.each([
    { q: "", want: 1 },
    { q: "page=3", want: 3 },
    { q: "page=0", want: 1 },
    { q: "page=-4", want: 1 },
    { q: "page=abc", want: 1 },
  ])("?$q reads page $want", ({ q, want }) => {
    expect(readPage(new URLSearchParams(q))).toBe(want);
  });
  it("omits page 1 and keeps other parameters", () => {
    expect(withPage(new URLSearchParams("category=bebidas&page=3"), 1).toString()).toBe("category=bebidas");
    expect(withPage(new URLSearchParams("category=bebidas"), 4).toString()).toBe("category=bebidas&page=4");
  });
});
