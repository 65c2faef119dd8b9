import { screen, waitFor } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { renderApp } from "@/testing/render-app";

it("shows the 404 page for an unknown path and logs the path", async () => {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  renderApp("/no/such/page");
  // In Spanish, not in the spec's English (issue 18: no mixed languages).
  expect(await screen.findByText("¡Vaya! Página no encontrada")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  // Logged from an effect, which React may run after the page is painted.
  await waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining("404"), "/no/such/page"));
  log.mockRestore();
});
