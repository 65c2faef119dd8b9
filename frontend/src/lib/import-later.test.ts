import { afterEach, describe, expect, it, vi } from "vitest";
import { importLater } from "@/lib/import-later";

describe("importLater", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("asks for the module from a later task, not from the one calling it nor its microtasks", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = importLater(load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(load).toHaveBeenCalledTimes(1);
    await expect(module).resolves.toEqual({ answer: 42 });
  });

  it("passes a failed load on", async () => {
    await expect(importLater(() => Promise.reject(new Error("chunk missing")))).rejects.toThrow("chunk missing");
  });
});
