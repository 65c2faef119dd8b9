import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { renderApp } from "@/testing/render-app";

it("promises free shipping from the threshold the shop's rates set", async () => {
  renderApp("/cart", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ freeShippingThresholdCents: 3995n }) }), "pt");
  expect(await screen.findByText("Envio grátis em encomendas a partir de 39,95 €")).toBeInTheDocument();
});

it("promises nothing when the shop ships free from no amount", async () => {
  renderApp("/cart", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ freeShippingThresholdCents: 0n, details: { legalName: "Sabores" } }) }));
  await screen.findByRole("heading", { name: "Tu carrito está vacío" });
  // The details have arrived (the footer names the shop) and no promise shows.
  expect(screen.queryByText(/Envío gratis en pedidos/)).not.toBeInTheDocument();
});
