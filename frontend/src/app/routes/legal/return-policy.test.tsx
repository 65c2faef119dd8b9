import { create } from "@bufbuild/protobuf";
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { renderApp } from "@/testing/render-app";

const details = create(ShopDetailsSchema, {
  legalName: "Ana Lúcia Ferreira da Silva",
  nif: "12345678Z",
  address: create(ShopAddressSchema, { street: "Rúa Real, 3", postalCode: "27880", city: "Burela", province: "Lugo" }),
  email: "hola@sabores.es",
});

// Issue 16: the return policy page links to the withdrawal function and
// carries the model withdrawal form of Annex I(B), addressed to the shop.
it.each([
  ["es", "Desistir del contrato aquí", "Modelo de formulario de desistimiento", /A la atención de Ana Lúcia Ferreira da Silva, Rúa Real, 3, 27880 Burela \(Lugo\), hola@sabores\.es/, /que desisto\/desistimos/],
  ["pt", "Desistir do contrato aqui", "Modelo de formulário de livre resolução", /À atenção de Ana Lúcia Ferreira da Silva, Rúa Real, 3, 27880 Burela \(Lugo\), hola@sabores\.es/, /que resolvo\/resolvemos/],
] as const)("in %s, links to the withdrawal function and shows the model form addressed to the shop", async (language, button, form, addressee, notice) => {
  renderApp("/return-policy", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ details }) }), language);
  expect(await screen.findByRole("link", { name: button })).toHaveAttribute("href", "/orders");
  expect(screen.getByRole("heading", { name: new RegExp(`^\\d+\\. ${form}$`) })).toBeVisible();
  expect(await screen.findByText(addressee)).toBeVisible();
  expect(screen.getByText(notice)).toBeVisible();
  expect(document.body.textContent).not.toMatch(/ec\.europa\.eu\/consumers\/odr/);
});
