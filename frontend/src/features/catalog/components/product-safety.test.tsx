import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { expect, it } from "vitest";
import { ProductSafety } from "@/features/catalog/components/product-safety";
import { initI18n } from "@/lib/i18n";
import { product } from "@/testing/fixtures";
import { ProductSafetySchema } from "@gen/sabores/v1/product_safety_pb";

const natura = create(ProductSafetySchema, {
  manufacturerName: "Natura Cosméticos S.A.",
  manufacturerAddress: "Av. Alexandre Colares 1188, São Paulo (Brasil)",
  manufacturerContact: "sac@natura.net",
  responsibleName: "Natura Cosméticos España S.L.",
  responsibleAddress: "Calle de Alcalá 21, 28014 Madrid",
  responsibleContact: "consumidor@natura.es",
  warnings: "Inflamável. Evitar o contacto com os olhos.",
});

// Issue 37: a perfume's page names its manufacturer, its responsible person
// in the EU and its warnings (GPSR art. 19), under headings in the
// shopper's language; a food shows none of it (its operator is in its food
// information).
it.each([
  ["es", "Fabricante y seguridad", "Persona responsable en la UE"],
  ["pt", "Fabricante e segurança", "Pessoa responsável na UE"],
] as const)("in %s, shows a perfume's manufacturer, responsible person and warnings", async (language, title, responsible) => {
  render(
    <I18nextProvider i18n={initI18n(language)}>
      <ProductSafety product={product(4001, { isFood: false, safety: natura })} />
    </I18nextProvider>,
  );
  expect(await screen.findByRole("heading", { name: title })).toBeVisible();
  expect(screen.getByText(responsible)).toBeVisible();
  expect(screen.getByText(/Natura Cosméticos España S\.L\./)).toBeVisible();
  expect(screen.getByText(/consumidor@natura\.es/)).toBeVisible();
  expect(screen.getByText("Inflamável. Evitar o contacto com os olhos.")).toBeVisible();
});

it("shows nothing for a food, nor for a product without safety information", () => {
  const { container, rerender } = render(
    <I18nextProvider i18n={initI18n("es")}>
      <ProductSafety product={product(1002, { isFood: true, safety: natura })} />
    </I18nextProvider>,
  );
  expect(container).toBeEmptyDOMElement();
  rerender(
    <I18nextProvider i18n={initI18n("es")}>
      <ProductSafety product={product(4001, { isFood: false })} />
    </I18nextProvider>,
  );
  expect(container).toBeEmptyDOMElement();
});
