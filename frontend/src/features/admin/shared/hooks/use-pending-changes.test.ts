import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePendingChanges } from "./use-pending-changes";

describe("usePendingChanges", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends one batch 1 s after the last edit", async () => {
    const save = vi.fn(async (_changes: ReadonlyMap<string, boolean>) => {});
    const { result } = renderHook(() => usePendingChanges(save, 1000));

    act(() => result.current.set("1001:brasil", true));
    await act(async () => vi.advanceTimersByTime(600));
    act(() => result.current.set("1002:brasil", false));
    expect(result.current.count).toBe(2);

    // 1 s after the first edit, but only 400 ms after the last: nothing yet.
    await act(async () => vi.advanceTimersByTime(999));
    expect(save).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect([...save.mock.calls[0][0]]).toEqual([
      ["1001:brasil", true],
      ["1002:brasil", false],
    ]);
    expect(result.current.count).toBe(0);
  });

  it("keeps only the last edit of a key", async () => {
    const save = vi.fn(async (_changes: ReadonlyMap<string, boolean>) => {});
    const { result } = renderHook(() => usePendingChanges(save, 1000));
    act(() => {
      result.current.set("1001:brasil", true);
      result.current.set("1001:brasil", false);
    });
    expect(result.current.count).toBe(1);
    await act(async () => vi.advanceTimersByTime(1000));
    expect([...save.mock.calls[0][0]]).toEqual([["1001:brasil", false]]);
  });

  it("sends at once on flush and not again when the timer would have fired", async () => {
    const save = vi.fn(async (_changes: ReadonlyMap<string, boolean>) => {});
    const { result } = renderHook(() => usePendingChanges(save, 1000));
    act(() => result.current.set("1001:brasil", true));
    await act(async () => result.current.flush());
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("shows the batch as saving until the server answers, then clears it even on failure", async () => {
    let finish: (err?: Error) => void = () => {};
    const save = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          finish = (err) => (err ? reject(err) : resolve());
        }),
    );
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { result } = renderHook(() => usePendingChanges(save, 1000));
    act(() => result.current.set("1001:brasil", true));
    act(() => void result.current.flush());
    await act(async () => {});
    expect(result.current.isSaving).toBe(true);
    expect(result.current.saving.get("1001:brasil")).toBe(true);
    expect(result.current.count).toBe(0);

    // An edit made while saving waits for its own batch.
    act(() => result.current.set("1002:brasil", true));
    expect(result.current.count).toBe(1);

    await act(async () => finish(new Error("boom")));
    expect(result.current.isSaving).toBe(false);
    expect(result.current.saving.size).toBe(0);
    expect(result.current.pending.get("1002:brasil")).toBe(true);
    warn.mockRestore();
  });

  it("does nothing when there is nothing to send", async () => {
    const save = vi.fn(async () => {});
    const { result } = renderHook(() => usePendingChanges(save, 1000));
    await act(async () => result.current.flush());
    expect(save).not.toHaveBeenCalled();
  });

  it("sends what is pending when the screen closes", async () => {
    const save = vi.fn(async (_changes: ReadonlyMap<string, boolean>) => {});
    const { result, unmount } = renderHook(() => usePendingChanges(save, 1000));
    act(() => result.current.set("1001:brasil", true));
    unmount();
    await act(async () => {});
    expect(save).toHaveBeenCalledTimes(1);
  });
});
