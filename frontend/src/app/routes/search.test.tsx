import type { ConnectRouter } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CatalogService, type SearchProductsRequest } from "@gen/sabores/v1/catalog_service_pb";
import { Language } from "@gen/sabores/v1/food_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// search serves total matches for "cafe", 24 a page, and none for others.
function search(total: number, seen: SearchProductsRequest[] = []) {
  return (router: ConnectRouter) =>
    router.service(CatalogService, {
      searchProducts: (req) => {
        seen.push(req);
        const n = req.query === "cafe colombia" ? total : 0;
        const first = (req.page - 1) * req.limit;
        return {
          products: Array.from({ length: Math.max(0, Math.min(req.limit, n - first)) }, (_, i) =>
            product(5000 + first + i, { name: `Café ${first + i + 1}` }),
          ),
          totalSize: n,
          page: req.page,
        };
      },
    });
}

describe("/buscar", () => {
  it("pages through every result with the count line, by the URL", async () => {
    const seen: SearchProductsRequest[] = [];
    const { user } = renderApp("/buscar?q=cafe%20colombia", search(30, seen));
    expect(await screen.findByRole("heading", { level: 1, name: "Resultados para «cafe colombia»" })).toBeInTheDocument();
    expect(await screen.findByText("Mostrando 1-24 de 30 productos")).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ query: "cafe colombia", page: 1, limit: 24 });
    await user.click(within(screen.getByRole("navigation", { name: "Paginación" })).getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByText("Café 30")).toBeInTheDocument();
    expect(screen.getByText("Mostrando 25-30 de 30 productos")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/buscar?q=cafe+colombia&page=2");
  });

  it("says when nothing matches and searches again from its own box", async () => {
    const seen: SearchProductsRequest[] = [];
    const { user } = renderApp("/buscar?q=narnia", search(30, seen));
    expect(await screen.findByText("No se encontraron productos para «narnia». Prueba con otras palabras.")).toBeInTheDocument();
    const box = screen.getByRole("searchbox", { name: "Buscar productos" });
    const form = box.closest("form")!;
    await user.clear(box);
    await user.type(within(form).getByRole("searchbox"), "cafe colombia{Enter}");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/buscar?q=cafe+colombia"));
    expect(await screen.findByText("Café 1")).toBeInTheDocument();
  });

  it("speaks Portuguese and asks for Portuguese names", async () => {
    const seen: SearchProductsRequest[] = [];
    renderApp("/buscar?q=cafe%20colombia", search(3, seen), "pt");
    expect(await screen.findByText("A mostrar 1-3 de 3 produtos")).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ language: Language.PT });
  });
});
