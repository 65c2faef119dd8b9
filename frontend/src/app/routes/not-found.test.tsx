import { screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { renderApp } from "@/testing/render-app";

it("shows the 404 page for an unknown path and logs the path", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  renderApp("/no/such/page");
  expect(await screen.findByText("Oops! Page not found")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  expect(log).toHaveBeenCalledWith(expect.stringContaining("404"), "/no/such/page");
  log.mockRestore();
});
