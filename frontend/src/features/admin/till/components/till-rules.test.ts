import { describe, expect, it } from "vitest";
import { percentOf } from "@/features/admin/till/components/till-rules";

describe("percentOf", () => {
  it("reads a percentage as typed in either language as basis points", () => {
    expect(percentOf("10")).toBe(1000);
    expect(percentOf("12,5")).toBe(1250);
    expect(percentOf("12.75")).toBe(1275);
    expect(percentOf(" 0 ")).toBe(0);
    expect(percentOf("100")).toBe(10000);
  });
  it("refuses what is no percentage the till can apply", () => {
    for (const text of ["", "101", "-5", "10,555", "diez", "1e2"]) expect(percentOf(text)).toBeNull();
  });
});
