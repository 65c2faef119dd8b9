import { describe, expect, it } from "vitest";
import { emptyIfSent } from "@/lib/empty-if-sent";

describe("emptyIfSent", () => {
  it.each([
    { sent: "47", now: "47", want: "" },
    { sent: "47", now: "-50", want: "-50" },
    { sent: "47", now: "", want: "" },
    { sent: "", now: "3", want: "3" },
  ])("after sending $sent with $now in the field leaves $want", ({ sent, now, want }) => {
    expect(emptyIfSent(sent)(now)).toBe(want);
  });
});
