import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useClampedPage } from "@/hooks/use-clamped-page";

// clamp renders the hook at /buscar?q=arroz&page=4 and tells where it leaves the app.
function clamp(totalPages: number | undefined, isPlaceholderData: boolean) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={["/buscar?q=arroz&page=4"]}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      useClampedPage(4, totalPages, isPlaceholderData);
      const location = useLocation();
      return location.pathname + location.search;
    },
    { wrapper },
  );
  return result.current;
}

describe("useClampedPage", () => {
  it.each([
    { what: "a page past this listing's last goes to its last", totalPages: 2, isPlaceholderData: false, want: "/buscar?q=arroz&page=2" },
    { what: "a page within the listing stays", totalPages: 9, isPlaceholderData: false, want: "/buscar?q=arroz&page=4" },
    { what: "an empty listing stays and says so", totalPages: 0, isPlaceholderData: false, want: "/buscar?q=arroz&page=4" },
    { what: "no answer yet stays", totalPages: undefined, isPlaceholderData: false, want: "/buscar?q=arroz&page=4" },
    { what: "the previous listing's one page, shown meanwhile, moves nothing", totalPages: 1, isPlaceholderData: true, want: "/buscar?q=arroz&page=4" },
  ])("$what", ({ totalPages, isPlaceholderData, want }) => {
    expect(clamp(totalPages, isPlaceholderData)).toBe(want);
  });
});
