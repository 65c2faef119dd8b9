import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CartLineRow } from "@/features/cart/components/cart-line-row";
import { OrderLines } from "@/features/cart/components/order-lines";
import { ProductPrice } from "@/features/catalog/components/product-price";
import { initI18n, type Language } from "@/lib/i18n";
import { product } from "@/testing/fixtures";
import { CartLineSchema, ValidateCartResponseSchema } from "@gen/sabores/v1/cart_service_pb";
import { PromotionSchema } from "@gen/sabores/v1/types_pb";

// The Açaí: regular 9,49 €, 8,49 € at its lowest in the 30 days
// before a 20 % promotion: 7,59 €, -11 % against 8,49 € (the server's
// pricing.Announced gives the reference). Every place that shows the
// reduced price strikes through 8,49 €, never 9,49 €.
const promotion = create(PromotionSchema, {
  priceCents: 759n,
  originalPriceCents: 949n,
  lowestPrice30dCents: 849n,
  referencePriceCents: 849n,
  label: "-11%",
});
const line = create(CartLineSchema, {
  productId: 7n,
  quantity: 2,
  name: "Açaí",
  unitPriceCents: 759n,
  regularUnitPriceCents: 949n,
  referenceUnitPriceCents: 849n,
  promotionLabel: "-11%",
  lineTotalCents: 1518n,
  availableStock: 9,
});
const item = { id: 7, name: "Açaí", priceCents: 759, image: "", quantity: 2, stock: 9 };

function inLanguage(language: Language, ui: ReactNode) {
  return render(
    <I18nextProvider i18n={initI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe.each<[Language, string]>([
  ["es", "Precio anterior"],
  ["pt", "Preço anterior"],
])("%s", (language, previous) => {
  it.each([
    ["the product card and page", <ProductPrice product={product(7, { priceCents: 949n, promotion })} />],
    ["the cart", <CartLineRow item={item} line={line} onQuantity={() => {}} onRemove={() => {}} />],
    ["checkout", <OrderLines items={[item]} priced={create(ValidateCartResponseSchema, { lines: [line] })} />],
  ])("%s strike through the 30-day lowest price beside the badge, not the regular price", async (_, ui) => {
    inLanguage(language, ui);
    const struck = (await screen.findByText(previous)).closest("s");
    expect(struck).toHaveTextContent("8,49 €");
    expect(screen.getByText("-11%")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent("9,49");
  });
});

it("strikes nothing through and shows no badge when no reduction is announced", async () => {
  const notBelowLowest = create(PromotionSchema, { priceCents: 854n, originalPriceCents: 949n, lowestPrice30dCents: 849n });
  inLanguage("es", <ProductPrice product={product(7, { priceCents: 949n, promotion: notBelowLowest })} />);
  expect(await screen.findByText("8,54 €")).toBeInTheDocument();
  expect(document.querySelector("s")).toBeNull();
  expect(document.body).not.toHaveTextContent("9,49");
});
