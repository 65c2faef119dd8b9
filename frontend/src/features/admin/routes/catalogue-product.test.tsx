import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/testing/render-admin";
import { AdminService } from "@gen/sabores/v1/admin_service_pb";
import { PromotionState } from "@gen/sabores/v1/admin_catalogue_pb";
import { PromotionType } from "@gen/sabores/v1/types_pb";

describe("/admin/catalogue/:id", () => {
  it("moves between its sections with the arrow keys and lists pictures and promotions", async () => {
    const user = userEvent.setup();
    const archived: boolean[] = [];
    renderAdmin(
      "/admin/catalogue/100123",
      (router) =>
        router.service(AdminService, {
          getAdminProduct: (req) => ({ product: { id: req.id, name: "Farofa", code: "F1", sku: "S1", priceCents: 480n, vatBasisPoints: 1000 } }),
          listCountryConfigs: () => ({ countries: [] }),
          listProductImages: () => ({
            images: [
              { id: 1n, url: "/images/p/a-480.jpg", srcset: "/images/p/a-240.jpg 240w", width: 640, height: 480 },
              { id: 2n, url: "/images/p/b-480.jpg", srcset: "/images/p/b-240.jpg 240w", width: 480, height: 640 },
            ],
          }),
          listPromotions: () => ({
            promotions: [
              { id: 9n, type: PromotionType.PERCENTAGE, discountBasisPoints: 2500, state: PromotionState.RUNNING, priceCents: 360n, lowestPrice30dCents: 480n, label: "-25%" },
            ],
            totalSize: 1,
          }),
          archiveProduct: (req) => {
            archived.push(req.archived);
            return { product: { id: req.id, name: "Farofa" } };
          },
        }),
      { language: "es" },
    );
    const details = await screen.findByRole("tab", { name: "Datos" });
    expect(details).toHaveAttribute("aria-selected", "true");
    details.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}");
    const photos = screen.getByRole("tab", { name: "Fotos" });
    expect(photos).toHaveAttribute("aria-selected", "true");
    expect(photos).toHaveFocus();
    expect(await screen.findByRole("img", { name: "Farofa, foto 2" })).toHaveAttribute("srcset", "/images/p/b-240.jpg 240w");
    expect(screen.getByRole("button", { name: "Subir la foto 1" })).toBeDisabled();

    await user.keyboard("{End}");
    expect(await screen.findByText("En curso")).toBeInTheDocument();
    expect(screen.getByText("-25%")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Archivar" }));
    await waitFor(() => expect(archived).toEqual([true]));
  });
});
