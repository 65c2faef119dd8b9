import { describe, expect, it, vi } from "vitest";
import { later } from "@/lib/later";

describe("later", () => {
  it("runs the work from a later task, not from the one calling it nor its microtasks", async () => {
    const load = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = later(load);
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await expect(module).resolves.toEqual({ answer: 42 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives the result of work that is not asynchronous", async () => {
    await expect(later(() => "built")).resolves.toBe("built");
  });

  it("passes a failed load on", async () => {
    await expect(later(() => Promise.reject(new Error("chunk missing")))).rejects.toThrow("chunk missing");
  });
});
