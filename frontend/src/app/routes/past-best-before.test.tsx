import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PastBestBefore } from "@/components/ui/past-best-before";
import { Toaster } from "@/components/ui/toaster";
import { CartLineRow } from "@/features/cart/components/cart-line-row";
import { OrderLines } from "@/features/cart/components/order-lines";
import { ProductCard } from "@/features/catalog/components/product-card";
import { initI18n, type Language } from "@/lib/i18n";
import { product } from "@/testing/fixtures";
import { CartLineSchema, ValidateCartResponseSchema } from "@gen/sabores/v1/cart_service_pb";

// Issue 40: a best-before lot the owner sells past its date is labelled,
// with its date, in the shopper's language, in the words of Reg. 1169/2011
// Annex X and saying the date has passed: on the product page, its card,
// the cart's line and the checkout's review, one label everywhere.

function inLanguage(language: Language, ui: ReactNode) {
  return render(
    <I18nextProvider i18n={initI18n(language)}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Toaster closeLabel="x">{ui}</Toaster>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const item = { id: 1002, name: "Produto 1002", priceCents: 250, image: "", quantity: 1, stock: 20 };

function line(pastBestBefore: string) {
  return create(CartLineSchema, {
    productId: 1002n,
    quantity: 1,
    name: "Produto 1002",
    unitPriceCents: 250n,
    regularUnitPriceCents: 250n,
    lineTotalCents: 250n,
    availableStock: 20,
    pastBestBefore,
  });
}

/** places are where the shopper sees a product, each given its date. */
const places: [string, (date: string) => ReactNode][] = [
  ["the label alone", (date) => <PastBestBefore date={date} />],
  ["the product card", (date) => <ProductCard product={product(1002, { pastBestBefore: date })} />],
  ["the cart's line", (date) => <CartLineRow item={item} line={line(date)} onQuantity={() => {}} onRemove={() => {}} />],
  [
    "the checkout's review",
    (date) => <OrderLines items={[item]} priced={create(ValidateCartResponseSchema, { lines: [line(date)] })} />,
  ],
];

describe.each([
  ["es", "Consumir preferentemente antes del 12/11/2026 — fecha superada"],
  ["pt", "Consumir de preferência antes de 12/11/2026 — data ultrapassada"],
] as const)("in %s", (language, text) => {
  it.each(places)("%s says the best-before date has passed and shows it", async (_, ui) => {
    inLanguage(language, ui("2026-11-12"));
    expect(await screen.findByText(text)).toBeVisible();
  });
});

it("the label alone shows nothing without a date", () => {
  inLanguage("es", <PastBestBefore date="" />);
  expect(screen.queryByTestId("past-best-before")).toBeNull();
});

it.each(places.slice(1))("%s shows no label when no lot on sale is past its date", async (_, ui) => {
  inLanguage("es", ui(""));
  expect((await screen.findAllByText("Produto 1002")).length).toBeGreaterThan(0);
  expect(screen.queryByTestId("past-best-before")).toBeNull();
  expect(document.body).not.toHaveTextContent("Consumir preferentemente");
});
