import { describe, expect, it, vi } from "vitest";
import { importLater } from "@/lib/import-later";

describe("importLater", () => {
  it("asks for the module from a later task, not from the one calling it nor its microtasks", async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = importLater(load);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await expect(module).resolves.toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("passes a failed load on", async () => {
    await expect(importLater(() => Promise.reject(new Error("chunk missing")))).rejects.toThrow("chunk missing");
  });
});
