import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { I18nextProvider } from "react-i18next";
import { expect, it } from "vitest";
import { FoodInfo } from "@/features/catalog/components/food-info";
import { initI18n } from "@/lib/i18n";
import { product } from "@/testing/fixtures";
import { ProductFlagsSchema } from "@gen/sabores/v1/food_pb";

function show(language: "es" | "pt", flags: { frozen?: boolean; perishable?: boolean; ageRestricted?: boolean }) {
  return render(
    <I18nextProvider i18n={initI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <FoodInfo product={product(1002, { isFood: true, flags: create(ProductFlagsSchema, flags) })} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

// Issue 16: the product page of frozen goods says where they travel (in
// general words until the shop's configuration is known: product-food.test
// names the areas), and an adults-only product says the carrier checks the
// buyer's ID.
it.each([
  ["es", /solo lo enviamos a las zonas adonde llega la cadena de frío/, /el transportista comprobará tu documento de identidad/],
  ["pt", /só o enviamos para as zonas onde chega a cadeia de frio/, /a transportadora verificará o seu documento de identificação/],
] as const)("in %s, names the delivery area of frozen goods and the ID check of adults-only ones", async (language, area, idCheck) => {
  const frozen = show(language, { frozen: true, perishable: true });
  expect(await screen.findByText(area)).toBeVisible();
  expect(screen.queryByText(idCheck)).toBeNull();
  frozen.unmount();
  show(language, { ageRestricted: true });
  expect(await screen.findByText(idCheck)).toBeVisible();
  expect(screen.queryByText(area)).toBeNull();
});
