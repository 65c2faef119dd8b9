import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { currentUrl, renderAdmin } from "@/features/admin/shared/testing/render-admin";

describe("admin role check", () => {
  // A Spanish guest signs in on /auth within the app; a Portuguese one is
  // sent to /pt/auth, a page of its own (a full load jsdom does not make).
  it("sends a guest to /auth and back afterwards", async () => {
    renderAdmin("/admin/products-by-country", () => {}, { viewer: "guest", language: "es" });
    await waitFor(() => expect(currentUrl().pathname).toBe("/auth"));
    expect(currentUrl().search).toBe(`?redirect=${encodeURIComponent("/admin/products-by-country")}`);
  });

  it("tells a client they have no access", async () => {
    renderAdmin("/admin", () => {}, { viewer: "client" });
    expect(await screen.findByRole("heading", { name: "Acesso restrito" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Painel de administração" })).not.toBeInTheDocument();
  });

  it("speaks Spanish too", async () => {
    renderAdmin("/admin", () => {}, { viewer: "client", language: "es" });
    expect(await screen.findByRole("heading", { name: "Acceso restringido" })).toBeInTheDocument();
    // Titled as what it is, not just "Sabores".
    await waitFor(() => expect(document.title).toBe("Acceso restringido | Sabores"));
  });

  it("titles the back office's pages by what each shows", async () => {
    renderAdmin("/admin/shop-settings", () => {}, { language: "es" });
    await waitFor(() => expect(document.title).toBe("Datos de la tienda · Administración | Sabores"));
  });

  it("titles the dashboard by the area", async () => {
    renderAdmin("/admin", () => {}, { language: "es" });
    await waitFor(() => expect(document.title).toBe("Administración | Sabores"));
  });

  it("shows till staff the till alone: any other screen leads there, with no dashboard of shortcuts", async () => {
    renderAdmin("/admin/catalogue", () => {}, { viewer: "till", language: "es" });
    await waitFor(() => expect(currentUrl().pathname).toBe("/admin/caja"));
    expect(await screen.findByRole("navigation", { name: "Caja" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Accesos directos" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Catálogo/ })).not.toBeInTheDocument();
  });
});
