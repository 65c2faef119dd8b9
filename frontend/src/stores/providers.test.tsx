import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useToast } from "@/components/ui/toaster";
import { useCart } from "@/stores/cart-store";
import { useFavorites } from "@/stores/favorites-store";

describe("contexts outside their provider", () => {
  it.each([
    ["useCart", useCart],
    ["useFavorites", useFavorites],
    ["useToast", useToast],
  ])("%s throws", (_, hook) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => hook())).toThrow(/inside/);
    log.mockRestore();
  });
});
