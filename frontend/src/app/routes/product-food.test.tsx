import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { Allergen, Language, QuantityUnit, UnitPriceBasis } from "@gen/sabores/v1/food_pb";
import { ShopSettingsService } from "@gen/sabores/v1/shop_settings_service_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// The product page's food information (EU Regulation 1169/2011, art. 14)
// and unit price, in the shopper's language.
function renderFood(language: "es" | "pt") {
  const asked: Language[] = [];
  const view = renderApp(
    "/producto/6003",
    (router) => {
      router.service(CatalogService, {
        getProduct: (req) => {
          asked.push(req.language);
          const pt = req.language === Language.PT;
          return {
            product: product(6003, {
              name: "Alfajores Havanna (6 unidades)",
              priceCents: 1450n,
              isFood: true,
              unitPrice: { cents: 242n, basis: UnitPriceBasis.UNIT },
              foodInfo: {
                ingredients: pt ? "Doce de **leite**, farinha de **trigo**." : "Dulce de **leche**, harina de **trigo**.",
                contains: [Allergen.GLUTEN, Allergen.MILK],
                mayContain: [Allergen.NUTS],
                netQuantity: 6n,
                netUnit: QuantityUnit.UNITS,
                storage: pt ? "Conservar em local fresco e seco." : "Consérvese en lugar fresco y seco.",
                nutrition: { energyKj: 1850, energyKcal: 441, fatMg: 18000, saturatesMg: 10000, carbohydrateMg: 63000, sugarsMg: 42000, proteinMg: 6000, saltMg: 300 },
                operatorName: "Havanna S.A.",
                operatorAddress: "Mar del Plata (Argentina)",
              },
            }),
          };
        },
      });
    },
    language,
  );
  return { ...view, asked };
}

describe("/producto/:id food information", () => {
  it("shows the allergens in bold, the nutrition table and the unit price in Spanish", async () => {
    const { asked } = renderFood("es");
    const block = await screen.findByRole("region", { name: "Información alimentaria" });
    expect(asked).toEqual([Language.UNSPECIFIED]);
    const bold = Array.from(block.querySelectorAll("strong")).map((s) => s.textContent);
    expect(bold).toEqual(expect.arrayContaining(["leche", "trigo", "Cereales con gluten, Leche", "Frutos de cáscara"]));
    const table = within(block).getByRole("table", { name: "Información nutricional" });
    expect(within(table).getByRole("columnheader", { name: "Por 100 g" })).toBeInTheDocument();
    expect(within(table).getByRole("rowheader", { name: "Valor energético" })).toBeInTheDocument();
    expect(within(table).getByText("1850 kJ / 441 kcal")).toBeInTheDocument();
    expect(within(table).getByText("18 g")).toBeInTheDocument();
    expect(screen.getByTestId("unit-price")).toHaveTextContent("2,42 €/unidad");
    expect(within(block).getByText("6 unidades")).toBeInTheDocument();
    expect(within(block).getByText("Brasil")).toBeInTheDocument();
  });

  it("asks for and shows the Portuguese texts", async () => {
    const { asked } = renderFood("pt");
    const block = await screen.findByRole("region", { name: "Informação alimentar" });
    expect(asked).toEqual([Language.PT]);
    expect(within(block).getByText("Conservar em local fresco e seco.")).toBeInTheDocument();
    expect(within(block).getByText("Cereais com glúten, Leite")).toBeInTheDocument();
    expect(within(block).getByRole("columnheader", { name: "Por 100 g" })).toBeInTheDocument();
    expect(screen.getByTestId("unit-price")).toHaveTextContent("2,42 €/unidade");
  });
});

// Where frozen and chilled goods travel is shopd's configuration
// (COLD_CHAIN_AREAS), named in the shopper's language.
it.each([
  ["es", "Viaja en frío: solo lo enviamos a la península y Baleares."],
  ["pt", "Viaja refrigerado: só o enviamos para a Península e as Baleares."],
] as const)("in %s, names the areas frozen goods travel to as configured", async (language, text) => {
  renderApp(
    "/producto/7001",
    (router) => {
      router.service(CatalogService, {
        getProduct: () => ({ product: product(7001, { isFood: true, flags: { frozen: true } }) }),
      });
      router.service(ShopSettingsService, { getShopDetails: () => ({ deliveryAreas: { served: ["peninsula", "baleares", "canarias"], coldChain: ["peninsula", "baleares"] } }) });
    },
    language,
  );
  expect(await screen.findByText(text)).toBeVisible();
});
