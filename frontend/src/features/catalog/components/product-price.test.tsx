import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { expect, it } from "vitest";
import { ProductPrice } from "@/features/catalog/components/product-price";
import { initI18n } from "@/lib/i18n";
import { product } from "@/testing/fixtures";
import { PromotionSchema } from "@gen/sabores/v1/types_pb";

it("strikes through the 30-day lowest price the reduction is measured against, not the regular one", async () => {
  const guarana = product(1001, {
    priceCents: 279n,
    promotion: create(PromotionSchema, { priceCents: 237n, originalPriceCents: 279n, label: "-5%", lowestPrice30dCents: 249n, referencePriceCents: 249n }),
  });
  const i18n = initI18n("es");
  render(
    <I18nextProvider i18n={i18n}>
      <ProductPrice product={guarana} />
    </I18nextProvider>,
  );
  const struck = (await screen.findByText("Precio anterior")).closest("s");
  expect(struck).toHaveTextContent("2,49 €");
  expect(screen.getByText("-5%")).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent("2,79");
});
