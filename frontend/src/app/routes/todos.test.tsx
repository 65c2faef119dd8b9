import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CatalogService, type ListProductsRequest } from "@gen/sabores/v1/catalog_service_pb";
import { ProductSort } from "@gen/sabores/v1/types_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// renderTodos serves a catalogue of total products, recording each request.
function renderTodos(path: string, total: number, seen: ListProductsRequest[] = []) {
  const list = (req: ListProductsRequest) => {
    seen.push(req);
    const page = req.page || 1;
    const size = req.pageSize || 20;
    const first = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - first));
    return {
      products: Array.from({ length: count }, (_, i) => product(1001 + first + i)),
      totalSize: total,
      page,
      pageSize: size,
    };
  };
  return renderApp(path, (router) => {
    router.service(CatalogService, {
      listProducts: list,
      listCategories: () => ({
        categories: [
          { slug: "bebidas", name: "Bebidas", productCount: 3 },
          { slug: "doces", name: "Dulces", productCount: 2 },
          { slug: "congelados", name: "Congelados", productCount: 1 },
        ],
      }),
    });
  });
}

describe("/todos", () => {
  it("shows the count line and a pager, and moves pages through the URL, back to the top", async () => {
    const seen: ListProductsRequest[] = [];
    const scrolled = vi.spyOn(window, "scrollTo");
    const { user } = renderTodos("/todos", 45, seen);
    expect(await screen.findByText("Mostrando 1-20 de 45 productos")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Todos los Productos" })).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Paginación" });
    expect(within(pager).getByRole("button", { name: "Anterior" })).toBeDisabled();
    expect(within(pager).getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
    scrolled.mockClear();

    await user.click(within(pager).getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByText("Mostrando 21-40 de 45 productos")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/todos?page=2");
    expect(seen.at(-1)).toMatchObject({ page: 2, pageSize: 20, sort: ProductSort.NAME });
    // The pathname stays /todos, so only the pager can scroll back up.
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    scrolled.mockRestore();
  });

  it("offers every category the server lists (sweets and frozen goods too), between all and the sections", async () => {
    const seen: ListProductsRequest[] = [];
    const { user } = renderTodos("/todos", 5, seen);
    const select = await screen.findByLabelText("Categoría");
    await screen.findByRole("option", { name: "Dulces" });
    expect(within(select).getAllByRole("option").map((o) => o.getAttribute("value"))).toEqual([
      "todos",
      "bebidas",
      "doces",
      "congelados",
      "lanzamientos",
      "populares",
    ]);
    await user.selectOptions(select, "doces");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/todos?category=doces"));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ category: "doces", onlineCategory: "" }));
  });

  it("sends a page past the end to the last page instead of contradicting itself", async () => {
    renderTodos("/todos?page=99", 48);
    expect(await screen.findByText("Mostrando 41-48 de 48 productos")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/todos?page=3");
    expect(screen.queryByText(/Mostrando 48-48/)).not.toBeInTheDocument();
  });

  it("drops the page when a filter changes and sends online categories as such", async () => {
    const seen: ListProductsRequest[] = [];
    const { user } = renderTodos("/todos?page=2", 45, seen);
    await screen.findByText("Mostrando 21-40 de 45 productos");
    await user.selectOptions(screen.getByLabelText("Categoría"), "lanzamientos");
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/todos?category=lanzamientos"));
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ onlineCategory: "lanzamientos", page: 1 }));

    await user.selectOptions(screen.getByLabelText("Ordenar por"), "price-desc");
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/todos?category=lanzamientos&sortBy=price-desc"),
    );
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ sort: ProductSort.PRICE_DESC }));
  });

  it("sets the title and product structured data", async () => {
    renderTodos("/todos", 3);
    await screen.findByText("Mostrando 1-3 de 3 productos");
    await waitFor(() => expect(document.title).toBe("Todos los Productos | Sabores"));
    const ld = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(ld?.textContent ?? "{}");
    expect(data["@type"]).toBe("ItemList");
    expect(data.itemListElement).toHaveLength(3);
    expect(data.itemListElement[0].item.offers).toMatchObject({ priceCurrency: "EUR", price: "2.50" });
  });
});
