import { create } from "@bufbuild/protobuf";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { OpeningHoursSchema, ShopAddressSchema, ShopDetailsSchema } from "@gen/sabores/v1/shop_details_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { renderApp } from "@/testing/render-app";

const details = create(ShopDetailsSchema, {
  legalName: "Ana Lúcia Ferreira da Silva",
  nif: "12345678Z",
  address: create(ShopAddressSchema, { street: "Rúa Real, 3", postalCode: "27880", city: "Burela", province: "Lugo" }),
  phone: "+34 982 123 456",
  whatsapp: "34612345678",
  email: "hola@sabores.es",
  instagramUrl: "https://www.instagram.com/sabores",
  openingHours: [1, 2, 3, 4, 5, 6].map((d) => create(OpeningHoursSchema, { dayOfWeek: d, opens: "10:00", closes: "14:00" })),
});

it("shows the contact page, footer and legal texts with the details the owner saved", async () => {
  const { user } = renderApp("/contact", (router) => {
    router.service(ShopSettingsService, { getShopDetails: () => ({ details }) });
  });
  expect(await screen.findByRole("link", { name: "Llamar al +34 982 123 456" })).toHaveAttribute("href", "tel:+34982123456");
  expect(screen.getByRole("link", { name: /Escríbenos por WhatsApp/ }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\/34612345678\?/);
  expect(screen.getByText(/NIF 12345678Z/)).toBeInTheDocument();
  const hours = screen.getByRole("region", { name: "Horario de la tienda" });
  expect(within(hours).getByText("lunes – sábado")).toBeInTheDocument();
  expect(within(hours).getByText("Cerrado")).toBeInTheDocument();
  const footer = screen.getByRole("contentinfo");
  expect(within(footer).getByText("Rúa Real, 3, 27880 Burela (Lugo)")).toBeInTheDocument();
  expect(within(footer).getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", "https://www.instagram.com/sabores");
  // A social network the owner left empty is not linked.
  expect(within(footer).queryByRole("link", { name: /Facebook/ })).not.toBeInTheDocument();

  await user.click(within(footer).getByRole("link", { name: "Política de privacidad" }));
  expect(await screen.findByText(/Ana Lúcia Ferreira da Silva, empresario individual, con NIF 12345678Z/)).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/12345678A|982 000 000|34600000000/);
});

// Issue 38: the form that collects a name, an e-mail and a message carries
// the first layer of the data-protection information, in both languages.
it.each([
  ["es", "Información básica sobre protección de datos", /Responsable: Ana Lúcia Ferreira da Silva\./, /Finalidad: responder a tu mensaje/, /Base legal:/, /Derechos: .* escribiendo a hola@sabores\.es/, "Más información en la política de privacidad", "Enviar mensaje"],
  ["pt", "Informação básica sobre proteção de dados", /Responsável: Ana Lúcia Ferreira da Silva\./, /Finalidade: responder à sua mensagem/, /Fundamento jurídico:/, /Direitos: .* escrevendo para hola@sabores\.es/, "Mais informação na política de privacidade", "Enviar mensagem"],
] as const)("in %s, the contact form states the controller, purpose, legal basis and rights and links to the privacy policy", async (language, title, controller, purpose, basis, rights, more, send) => {
  renderApp("/contact", (router) => router.service(ShopSettingsService, { getShopDetails: () => ({ details }) }), language);
  const note = await screen.findByRole("region", { name: title });
  expect(await within(note).findByText(controller)).toBeVisible();
  expect(within(note).getByText(purpose)).toBeVisible();
  expect(within(note).getByText(basis)).toBeVisible();
  expect(within(note).getByText(rights)).toBeVisible();
  expect(within(note).getByRole("link", { name: more })).toHaveAttribute("href", "/privacy-policy");
  expect(screen.getByRole("button", { name: send })).toHaveAccessibleDescription(title);
});
