import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminProductService } from "@gen/sabores/v1/admin_product_service_pb";
import { AdminPromotionService, PromotionState } from "@gen/sabores/v1/admin_promotion_service_pb";
import { AdminVisibilityService } from "@gen/sabores/v1/admin_visibility_service_pb";
import { PromotionType } from "@gen/sabores/v1/types_pb";

/** overlapRefusal is the server's answer to a promotion overlapping another (PROMOTION_OVERLAP). */
function overlapRefusal(): ConnectError {
  const w = new BinaryWriter();
  w.tag(1, 2).string("PROMOTION_OVERLAP");
  w.tag(2, 2).string("sabores.v1");
  w.tag(3, 2).fork().tag(1, 2).string("promotion_id").tag(2, 2).string("9").join();
  w.tag(3, 2).fork().tag(1, 2).string("start").tag(2, 2).string("2026-11-20T10:00:00Z").join();
  w.tag(3, 2).fork().tag(1, 2).string("end").tag(2, 2).string("2026-12-01T10:00:00Z").join();
  const err = new ConnectError("promotion 9 of this product runs at the same time", Code.FailedPrecondition);
  err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
  return err;
}

/** historyRefusal is the server's answer to a promotion on a product priced for under 30 days. */
function historyRefusal(): ConnectError {
  const w = new BinaryWriter();
  w.tag(1, 2).string("PROMOTION_PRICE_HISTORY_SHORT");
  w.tag(2, 2).string("sabores.v1");
  w.tag(3, 2).fork().tag(1, 2).string("earliest_start").tag(2, 2).string("2026-12-09T08:00:00Z").join();
  const err = new ConnectError("the product has less than 30 days of price history", Code.FailedPrecondition);
  err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
  return err;
}

describe("/admin/catalogue/:id", () => {
  it("moves between its sections with the arrow keys and lists pictures and promotions", async () => {
    const user = userEvent.setup();
    const archived: boolean[] = [];
    renderAdmin(
      "/admin/catalogue/100123",
      (router) =>
        { router.service(AdminProductService, { getAdminProduct: (req) => ({ product: { id: req.id, name: "Farofa", code: "F1", sku: "S1", priceCents: 480n, vatBasisPoints: 1000 } }), listProductImages: () => ({
            images: [
              { id: 1n, url: "/images/p/a-480.jpg", srcset: "/images/p/a-240.jpg 240w", width: 640, height: 480 },
              { id: 2n, url: "/images/p/b-480.jpg", srcset: "/images/p/b-240.jpg 240w", width: 480, height: 640 },
            ],
          }), archiveProduct: (req) => {
            archived.push(req.archived);
            return { product: { id: req.id, name: "Farofa" } };
          } }); router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [] }) }); router.service(AdminPromotionService, { listPromotions: () => ({
            promotions: [
              { id: 9n, type: PromotionType.PERCENTAGE, discountBasisPoints: 2500, state: PromotionState.RUNNING, priceCents: 360n, lowestPrice30dCents: 480n, label: "-25%" },
            ],
            totalSize: 1,
          }) }); },
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

    await user.keyboard("{ArrowRight}");
    expect(await screen.findByText("En curso")).toBeInTheDocument();
    expect(screen.getByText("-25%")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Archivar" }));
    await waitFor(() => expect(archived).toEqual([true]));
  });

  // Issue 15: an overlapping promotion is refused with a clear message, in
  // the admin's language, naming the window of the one it overlaps.
  for (const [language, tab, discount, create, message] of [
    ["es", "Promociones", "Descuento (%)", "Crear promoción", /^Se solapa con otra promoción de este producto \(.+2026.+ → .+2026.+\)\. Termínala o cambia las fechas\.$/],
    ["pt", "Promoções", "Desconto (%)", "Criar promoção", /^Sobrepõe-se a outra promoção deste produto \(.+2026.+ → .+2026.+\)\. Termine-a ou mude as datas\.$/],
  ] as const) {
    it(`refuses an overlapping promotion in words (${language})`, async () => {
      const user = userEvent.setup();
      const sent: number[] = [];
      renderAdmin(
        "/admin/catalogue/100123",
        (router) =>
          { router.service(AdminProductService, { getAdminProduct: (req) => ({ product: { id: req.id, name: "Farofa", code: "F1", sku: "S1", priceCents: 480n, vatBasisPoints: 1000 } }), listProductImages: () => ({ images: [] }) }); router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [] }) }); router.service(AdminPromotionService, { listPromotions: () => ({ promotions: [], totalSize: 0 }), createPromotion: (req) => {
              sent.push(req.terms?.discountBasisPoints ?? 0);
              throw overlapRefusal();
            } }); },
        { language },
      );
      await user.click(await screen.findByRole("tab", { name: tab }));
      await user.type(await screen.findByLabelText(discount), "10");
      await user.click(screen.getByRole("button", { name: create }));
      await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContainEqual(expect.stringMatching(message)));
      expect(sent).toEqual([1000]);
    });
  }

  // Issue 37: a promotion on a product priced for under 30 days is refused
  // with the day and time, in Madrid, from which it may start.
  for (const [language, tab, discount, create, message] of [
    ["es", "Promociones", "Descuento (%)", "Crear promoción", "Este producto aún no tiene 30 días de precios, y una rebaja se anuncia frente al precio más bajo de los 30 días anteriores: la promoción puede empezar a partir del 9 de diciembre de 2026 a las 9:00 (hora de Madrid)."],
    ["pt", "Promoções", "Desconto (%)", "Criar promoção", "Este produto ainda não tem 30 dias de preços, e uma redução anuncia-se face ao preço mais baixo dos 30 dias anteriores: a promoção pode começar a partir de 9 de dezembro de 2026 às 09:00 (hora de Madrid)."],
  ] as const) {
    it(`refuses a promotion without 30 days of prices, naming when it may start (${language})`, async () => {
      const user = userEvent.setup();
      renderAdmin(
        "/admin/catalogue/100123",
        (router) => {
          router.service(AdminProductService, { getAdminProduct: (req) => ({ product: { id: req.id, name: "Farofa", code: "F1", sku: "S1", priceCents: 480n, vatBasisPoints: 1000 } }), listProductImages: () => ({ images: [] }) });
          router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [] }) });
          router.service(AdminPromotionService, { listPromotions: () => ({ promotions: [], totalSize: 0 }), createPromotion: () => {
            throw historyRefusal();
          } });
        },
        { language },
      );
      await user.click(await screen.findByRole("tab", { name: tab }));
      await user.type(await screen.findByLabelText(discount), "10");
      await user.click(screen.getByRole("button", { name: create }));
      await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContainEqual(message));
    });
  }
});
