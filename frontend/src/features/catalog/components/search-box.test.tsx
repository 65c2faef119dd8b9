import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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

  it("asks nothing for a blank query and logs only the first result on submit", async () => {
    const seen: SearchProductsRequest[] = [];
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const { user } = renderSearch(seen);
    const box = await screen.findByRole("combobox", { name: "Buscar productos" });
    await user.type(box, "   ");
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toEqual([]);
    await user.clear(box);
    await user.type(box, "guarana");
    await screen.findByText("2 resultado(s) encontrado(s)");
    await user.keyboard("{Enter}");
    expect(log).toHaveBeenCalledWith("search: first result", 1001n, "Guaraná Antarctica");
    log.mockRestore();
  });
});
