import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { useNow } from "@/hooks/use-now";

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-30T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

let renders = 0;

function Clock({ label }: { label: string }) {
  const now = useNow(1000);
  renders++;
  return (
    <p>
      {label} {new Date(now).toISOString()}
    </p>
  );
}

it("ticks every component at one pace from one timer, in one render each second, and stops with the last", () => {
  const setInterval = vi.spyOn(globalThis, "setInterval");
  const clearInterval = vi.spyOn(globalThis, "clearInterval");
  const { unmount } = render(
    <>
      <Clock label="a" />
      <Clock label="b" />
      <Clock label="c" />
    </>,
  );
  expect(setInterval).toHaveBeenCalledTimes(1);
  expect(screen.getByText(/^a /).textContent).toBe("a 2026-11-30T10:00:00.000Z");

  renders = 0;
  act(() => vi.advanceTimersByTime(1000));
  expect(renders).toBe(3);
  for (const l of ["a", "b", "c"]) {
    expect(screen.getByText(new RegExp(`^${l} `)).textContent).toBe(`${l} 2026-11-30T10:00:01.000Z`);
  }

  unmount();
  expect(clearInterval).toHaveBeenCalledTimes(1);
});
