import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CatalogService, type ListProductsRequest } from "@gen/sabores/v1/catalog_service_pb";
import { Allergen } from "@gen/sabores/v1/food_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

describe("/todos without allergens", () => {
  it("reads the filter from the URL, sends it and keeps changes in the URL", async () => {
    const seen: ListProductsRequest[] = [];
    const { user } = renderApp("/todos?sin=gluten&page=2", (router) => {
      router.service(CatalogService, {
        listProducts: (req) => {
          seen.push(req);
          return { products: [product(1001)], totalSize: 1, page: 1, pageSize: 20 };
        },
      });
    });
    const gluten = await screen.findByRole("checkbox", { name: "Cereales con gluten" });
    expect(gluten).toBeChecked();
    await waitFor(() => expect(seen.at(-1)?.withoutAllergens).toEqual([Allergen.GLUTEN]));
    // Page 2 of one page of results goes back to the first, keeping the filter.
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/todos\?sin=gluten$/));

    await user.click(screen.getByRole("checkbox", { name: "Leche" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/todos?sin=gluten%2Cmilk"));
    await waitFor(() => expect(seen.at(-1)?.withoutAllergens).toEqual([Allergen.GLUTEN, Allergen.MILK]));

    await user.click(screen.getByRole("button", { name: "Quitar filtro" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/todos$/));
  });
});
