import { create } from "@bufbuild/protobuf";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { renderApp } from "@/testing/render-app";

// The page's code loads before the tests, and the footer's test loads the
// page's texts into its i18n before the click: under CI's load the
// Portuguese test's page stayed on its loading spinner for 20 s in both
// attempts, with React's "A component suspended inside an act scope, but
// the act call was not awaited" beside it: a page that suspends for its
// texts inside the click's act scope, which nothing awaits, is not rendered
// again.
await import("@/app/routes/legal/terms");

const details = create(ShopDetailsSchema, {
  legalName: "Ana Lúcia Ferreira da Silva",
  nif: "12345678Z",
  address: create(ShopAddressSchema, { street: "Rúa Real, 3", postalCode: "27880", city: "Burela", province: "Lugo" }),
  email: "hola@sabores.es",
  phone: "+34 982 123 456",
});

// Issue 38: the general conditions of sale are a page of their own, reached
// from the footer, naming the seller as the owner set it, prices with VAT,
// delivery, the 14 days with their exceptions, complaints and the law.
it.each([
  ["es", "Condiciones generales de venta", ["Quién te vende", "Precios", "Entrega", "Derecho de desistimiento (14 días)", "Atención al cliente y reclamaciones", "Ley aplicable"], /incluyen el IVA/, /un plazo máximo de un mes/, /ley española/],
  ["pt", "Condições gerais de venda", ["Quem lhe vende", "Preços", "Entrega", "Direito de livre resolução (14 dias)", "Apoio ao cliente e reclamações", "Lei aplicável"], /incluem o IVA/, /prazo máximo de um mês/, /lei espanhola/],
] as const)("in %s, the footer leads to the terms, with the seller, prices, delivery, withdrawal, complaints and law", async (language, title, headings, vat, complaints, law) => {
  const { user, i18n } = renderApp("/", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ details }) }), language);
  await i18n.loadNamespaces("legal");
  await user.click(within(await screen.findByRole("contentinfo")).getByRole("link", { name: title }));
  expect(await screen.findByRole("heading", { level: 1, name: title })).toBeVisible();
  expect(screen.getByTestId("location")).toHaveTextContent("/terms");
  const sections = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent?.replace(/^\d+\. /, ""));
  for (const h of headings) expect(sections).toContain(h);
  expect(await screen.findByText(/Ana Lúcia Ferreira da Silva, empres.* NIF 12345678Z .* Rúa Real, 3, 27880 Burela \(Lugo\)/)).toBeVisible();
  expect(screen.getByText(vat)).toBeVisible();
  expect(screen.getByText(complaints)).toBeVisible();
  expect(screen.getByText(law)).toBeVisible();
});

it.each(["es", "pt"] as const)("in %s, the terms and the return policy state the same exclusions from withdrawal", async (language) => {
  const { user } = renderApp("/terms", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ details }) }), language);
  const exclusions = await screen.findByText(/^(Excepciones|Exceções): /);
  const sentence = exclusions.textContent;
  expect(sentence).toMatch(/perecederos|perecíveis/);
  const page = within(exclusions.closest("article")!);
  await user.click(page.getByRole("link", { name: language === "es" ? "Política de devoluciones" : "Política de devoluções" }));
  expect(await screen.findByText(sentence!)).toBeVisible();
});
