import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminPackagingService, type SetProductPackagingRequest } from "@gen/sabores/v1/admin_packaging_service_pb";
import { AdminProductService } from "@gen/sabores/v1/admin_product_service_pb";
import { AdminVisibilityService } from "@gen/sabores/v1/admin_visibility_service_pb";

// Issue 37 (RD 1055/2022): a product's packaging is grams per material,
// a wrong figure refused in words next to its field, saved as a whole.
describe("a product's packaging", () => {
  it.each([
    ["es", "Envases", "Papel y cartón", "Vidrio", "Escribe los gramos con hasta tres decimales, por ejemplo 2,5.", "Guardar los envases"],
    ["pt", "Embalagens", "Papel e cartão", "Vidro", "Escreva as gramas com até três casas decimais, por exemplo 2,5.", "Guardar as embalagens"],
  ] as const)("in %s, edits the grams of each material", async (language, tab, paper, glass, error, save) => {
    const user = userEvent.setup();
    const saved: SetProductPackagingRequest[] = [];
    renderAdmin(
      "/admin/catalogue/7",
      (router) => {
        router.service(AdminProductService, { getAdminProduct: (req) => ({ product: { id: req.id, name: "Guaraná", code: "G", sku: "S" } }) });
        router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [] }) });
        router.service(AdminPackagingService, {
          getProductPackaging: () => ({ parts: [{ material: "plastic", milligrams: 30_000 }] }),
          setProductPackaging: (req) => {
            saved.push(req);
            return { parts: req.parts };
          },
        });
      },
      { language },
    );
    await user.click(await screen.findByRole("tab", { name: tab }));
    expect(await screen.findByLabelText("Plástico")).toHaveValue("30");
    await user.type(screen.getByLabelText(paper), "2,5");
    await user.type(screen.getByLabelText(glass), "mucho");
    await user.click(screen.getByRole("button", { name: save }));
    expect(screen.getByLabelText(glass)).toHaveAccessibleDescription(error);
    expect(saved).toHaveLength(0);
    await user.clear(screen.getByLabelText(glass));
    await user.click(screen.getByRole("button", { name: save }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].parts.map((p) => [p.material, p.milligrams])).toEqual([["plastic", 30_000], ["paper", 2_500]]);
  });
});
