import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("follows the value only after it has stayed unchanged for the delay", () => {
  const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), { initialProps: { v: "" } });
  rerender({ v: "g" });
  act(() => vi.advanceTimersByTime(200));
  rerender({ v: "gu" });
  act(() => vi.advanceTimersByTime(299));
  expect(result.current).toBe("");
  act(() => vi.advanceTimersByTime(1));
  expect(result.current).toBe("gu");
});
