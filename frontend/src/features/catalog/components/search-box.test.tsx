import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CatalogService, type SearchProductsRequest } from "@gen/sabores/v1/catalog_service_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

function renderSearch(seen: SearchProductsRequest[] = []) {
  return renderApp("/contact", (router) => {
    router.service(CatalogService, {
      searchProducts: (req) => {
        seen.push(req);
        return req.query === "zzz"
          ? { products: [] }
          : req.query === "cafe"
            ? { products: [product(2001, { name: "Café de Colombia" }), product(3004, { name: "Café do Fogo" })], totalSize: 57 }
            : { products: [product(1001, { name: "Guaraná Antarctica" }), product(1002, { name: "Guaraná Jesus" })] };
      },
      getProduct: () => ({ product: product(1002, { name: "Guaraná Jesus" }) }),
    });
  });
}

describe("header search", () => {
  it("asks after a pause, shows the count, and opens a result with the keyboard", async () => {
    const seen: SearchProductsRequest[] = [];
    const { user } = renderSearch(seen);
    const box = await screen.findByRole("combobox", { name: "Buscar productos" });
    await user.type(box, "guarana");
    expect(await screen.findByText("2 resultado(s) encontrado(s)")).toBeInTheDocument();
    // The last request is the final text, limited to 10 results (the 300 ms
    // pause itself is tested with fake timers in use-debounced-value.test).
    expect(seen.at(-1)).toMatchObject({ query: "guarana", limit: 10 });
    expect(seen.length).toBeLessThan("guarana".length);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const options = within(screen.getByRole("listbox", { name: "Resultados de la búsqueda" })).getAllByRole("option");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(box).toHaveAttribute("aria-activedescendant", options[1].id);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/producto/1002"));
    expect(box).toHaveValue("");
  });

  it("says when nothing matches and closes and clears on an outside click", async () => {
    const { user } = renderSearch();
    const box = await screen.findByRole("combobox", { name: "Buscar productos" });
    await user.type(box, "zzz");
    expect(await screen.findByText('No se encontraron productos para "zzz"')).toBeInTheDocument();
    fireEvent.mouseDown(document.body);
    expect(box).toHaveValue("");
    expect(screen.queryByText('No se encontraron productos para "zzz"')).not.toBeInTheDocument();
  });

  it("says how many match in all and leads to the results page by 'Ver todos'", async () => {
    const { user } = renderSearch();
    const box = await screen.findByRole("combobox", { name: "Buscar productos" });
    await user.type(box, "cafe");
    expect(await screen.findByText("57 resultado(s) encontrado(s)")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Ver todos (57)" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/buscar?q=cafe"));
    expect(box).toHaveValue("");
  });

  it("asks nothing for a blank query and opens the results page on Enter", async () => {
    const seen: SearchProductsRequest[] = [];
    const { user } = renderSearch(seen);
    const box = await screen.findByRole("combobox", { name: "Buscar productos" });
    await user.type(box, "   ");
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toEqual([]);
    await user.clear(box);
    await user.type(box, "guarana");
    await screen.findByText("2 resultado(s) encontrado(s)");
    await user.type(box, " ant");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/buscar?q=guarana%20ant"));
  });
});
