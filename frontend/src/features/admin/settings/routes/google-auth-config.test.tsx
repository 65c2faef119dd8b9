import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminSettingsService, type UpdateSignInConfigRequest } from "@gen/sabores/v1/admin_settings_service_pb";

describe("Google sign-in configuration screen", () => {
  it("shows the server's status and marks it configured with custom branding", async () => {
    const updates: UpdateSignInConfigRequest[] = [];
    let configured = false;
    renderAdmin("/admin/google-auth-config", (router) =>
      router.service(AdminSettingsService, { getSignInConfig: () => ({ config: { configured, customBranding: configured } }), updateSignInConfig: (req) => {
          updates.push(req);
          configured = true;
          return { config: { configured: true, customBranding: true } };
        } }),
    );
    expect(await screen.findByText("Pendente")).toBeInTheDocument();
    expect(screen.getByText("Básica")).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").length).toBeGreaterThanOrEqual(8);
    expect(screen.getByText(/120x120/)).toBeInTheDocument();
    expect(screen.getByText(/podem demorar algumas horas/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar ao painel" })).toHaveAttribute("href", "/admin");

    await userEvent.click(screen.getByRole("button", { name: "Marcar como Configurado" }));
    expect(await screen.findByText("Configurado", { selector: "span" })).toBeInTheDocument();
    expect(screen.getByText("Personalizada")).toBeInTheDocument();
    expect(updates[0]).toMatchObject({ configured: true, customBranding: true });
    expect(screen.queryByRole("button", { name: "Marcar como Configurado" })).not.toBeInTheDocument();
  });
});
