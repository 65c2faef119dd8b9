import { create } from "@bufbuild/protobuf";
import { Suspense } from "react";
import { render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, expect, it, vi } from "vitest";
import { VisibilityTable } from "@/features/admin/visibility/components/visibility-table";
import { initI18n } from "@/lib/i18n";
import { AdminProductSchema } from "@gen/sabores/v1/admin_types_pb";
import { CountrySchema } from "@gen/sabores/v1/types_pb";

const countries = ["brasil", "peru", "cuba"].map((slug) => create(CountrySchema, { slug, name: slug }));
const products = [create(AdminProductSchema, { id: 1n, name: "Alfajores", code: "A1", sku: "SKU1" })];

afterEach(() => vi.restoreAllMocks());

// jsdom lays nothing out: the widths a phone and a desktop would measure.
function widths(scroll: number, client: number) {
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(scroll);
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(client);
}

function renderTable(language: "es" | "pt") {
  render(
    <I18nextProvider i18n={initI18n(language)}>
      <Suspense>
        <VisibilityTable products={products} countries={countries} shown={() => undefined} onToggle={() => {}} />
      </Suspense>
    </I18nextProvider>,
  );
}

// Issue 38: on a phone the countries do not fit and nothing showed that the
// table scrolls sideways.
it.each([
  ["pt", "Deslize a tabela para o lado para ver todos os países"],
  ["es", "Desliza la tabla hacia un lado para ver todos los países"],
] as const)("in %s, says the table scrolls sideways when it does not fit, and the region is keyboard-scrollable", async (language, hint) => {
  widths(768, 328);
  renderTable(language);
  const region = await screen.findByRole("region");
  expect(region).toHaveAttribute("tabindex", "0");
  expect(region).toHaveAccessibleDescription(hint);
  expect(screen.getByText(hint)).toBeVisible();
});

it("says nothing about scrolling when the table fits", async () => {
  widths(900, 900);
  renderTable("es");
  expect(await screen.findByRole("region")).not.toHaveAttribute("aria-describedby");
  expect(screen.queryByText(/Desliza la tabla/)).not.toBeInTheDocument();
});
