import { describe, expect, it } from "vitest";
import { gramsToMg, mgToGrams } from "@/features/admin/products/lib/packaging";

describe("packaging grams", () => {
  it.each([
    ["", undefined],
    ["30", 30_000],
    ["2,5", 2_500],
    ["2.5", 2_500],
    [" 0,001 ", 1],
    ["0", null],
    ["0,0001", null],
    ["-3", null],
    ["dos", null],
    ["100000", 100_000_000],
    ["100001", null],
  ])("reads %j as %j mg", (text, mg) => {
    expect(gramsToMg(text)).toBe(mg);
  });

  it("writes milligrams back as the grams typed", () => {
    expect(mgToGrams(2_500)).toBe("2,5");
    expect(mgToGrams(30_000)).toBe("30");
  });
});
