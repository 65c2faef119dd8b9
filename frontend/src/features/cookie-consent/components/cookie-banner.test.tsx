import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "@/testing/render-app";

describe("cookie consent", () => {
  it("accept all stores every category, hides the banner for good and records page views", async () => {
    const { user, unmount } = renderApp("/contact");
    await user.click(await screen.findByRole("button", { name: "Aceptar todas" }));
    expect(screen.queryByRole("region", { name: "Aviso de cookies" })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("cookiePreferences") ?? "{}")).toMatchObject({
      technical: true,
      analytics: true,
      marketing: true,
      personalization: true,
      consentGiven: true,
    });
    expect(localStorage.getItem("cookieBannerShown")).toBe("true");

    await user.click(screen.getAllByRole("link", { name: "Política de cookies" })[0]);
    await waitFor(() => expect(JSON.parse(localStorage.getItem("pageViews") ?? "[]")).toEqual([
      expect.objectContaining({ page: "/cookie-policy" }),
    ]));
    unmount();

    renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: "Aceptar todas" })).not.toBeInTheDocument();
  });

  it("closing with X saves nothing, so the banner returns on the next visit", async () => {
    const { user, unmount } = renderApp("/contact");
    await user.click(await screen.findByRole("button", { name: "Cerrar" }));
    expect(screen.queryByRole("button", { name: "Aceptar todas" })).not.toBeInTheDocument();
    expect(localStorage.getItem("cookiePreferences")).toBeNull();
    unmount();
    renderApp("/contact");
    expect(await screen.findByRole("button", { name: "Aceptar todas" })).toBeInTheDocument();
  });

  it("settings dialog: technical locked on, save stores the toggles, no page views without analytics", async () => {
    const { user } = renderApp("/contact");
    await user.click(await screen.findByRole("button", { name: "Configurar" }));
    const dialog = await screen.findByRole("dialog", { name: "Preferencias de cookies" });
    expect(screen.getByRole("switch", { name: "Técnicas" })).toBeDisabled();
    expect(screen.getByRole("switch", { name: "Técnicas" })).toBeChecked();
    await user.click(screen.getByRole("switch", { name: "Marketing" }));
    await user.click(screen.getByRole("button", { name: "Guardar Preferencias" }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem("cookiePreferences") ?? "{}")).toMatchObject({
      analytics: false,
      marketing: true,
      personalization: false,
      consentGiven: true,
    });
    expect(localStorage.getItem("pageViews")).toBeNull();
  });

  it("traps focus in the settings dialog and returns it to the opener", async () => {
    const { user } = renderApp("/contact");
    const configure = await screen.findByRole("button", { name: "Configurar" });
    await user.click(configure);
    const dialog = await screen.findByRole("dialog", { name: "Preferencias de cookies" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(configure).toHaveFocus();
  });
});
