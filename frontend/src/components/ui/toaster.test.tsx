import { renderHook } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { useToast } from "@/components/ui/toaster";

it("useToast throws outside its provider", () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  expect(() => renderHook(() => useToast())).toThrow(/inside/);
  log.mockRestore();
});
