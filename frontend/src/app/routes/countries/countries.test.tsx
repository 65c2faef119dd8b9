import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CatalogService, type ListProductsRequest } from "@gen/sabores/v1/catalog_service_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// catalogue serves n products per country, paged as the server does.
function catalogue(n: number, seen: ListProductsRequest[] = []) {
  return (router: ConnectRouter) => {
    router.service(CatalogService, {
      listProducts: (req) => {
        seen.push(req);
        const size = req.pageSize || 20;
        const page = req.page || 1;
        const first = (page - 1) * size;
        return {
          products: Array.from({ length: Math.max(0, Math.min(size, n - first)) }, (_, i) =>
            product(3001 + first + i, { name: `${req.country} ${first + i + 1}` }),
          ),
          totalSize: n,
          page,
          pageSize: size,
        };
      },
      listCountries: () => ({ countries: [{ slug: "cabo-verde", name: "Cabo Verde", flagEmoji: "🇨🇻" }] }),
    });
  };
}

describe("country pages", () => {
  it("Cabo Verde shows two sections of five", async () => {
    const seen: ListProductsRequest[] = [];
    renderApp("/cabo-verde", catalogue(12, seen));
    const first = await screen.findByRole("region", { name: "Destacados de Cabo Verde" });
    const second = screen.getByRole("region", { name: "Más productos de Cabo Verde" });
    await waitFor(() => expect(within(first).getAllByRole("article")).toHaveLength(5));
    expect(within(second).getAllByRole("article")).toHaveLength(5);
    expect(within(second).getByText("cabo-verde 6")).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ country: "cabo-verde", pageSize: 10 });
  });

  it("Colombia pages by 20 with Anterior/Siguiente", async () => {
    const seen: ListProductsRequest[] = [];
    const { user } = renderApp("/colombia", catalogue(45, seen));
    expect(await screen.findByText("colombia 1")).toBeInTheDocument();
    expect(screen.getByText("Página 1 de 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Siguiente" }));
    expect(await screen.findByText("colombia 21")).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ country: "colombia", page: 2, pageSize: 20 });
  });

  it("Brasil's tiles are the categories it has products in, each leading to its own filter", async () => {
    const seen: ListProductsRequest[] = [];
    const { user } = renderApp("/brasil", (router) => {
      catalogue(2, seen)(router);
      router.service(CatalogService, {
        listProducts: (req) => {
          seen.push(req);
          return { products: [product(1005, { name: "Brigadeiro", category: "doces" })], totalSize: 1, page: 1, pageSize: 100 };
        },
        listCategories: (req) => ({
          categories:
            req.country === "brasil"
              ? [
                  { slug: "bebidas", name: "Bebidas", productCount: 1 },
                  { slug: "doces", name: "Dulces", productCount: 4 },
                  { slug: "congelados", name: "Congelados", productCount: 2 },
                ]
              : [],
        }),
      });
    });
    const tiles = await screen.findByRole("region", { name: "Explora por categoría" });
    const sweets = await within(tiles).findByRole("link", { name: /Dulces/ });
    expect(sweets).toHaveAttribute("href", "/brasil/produtos?category=doces");
    expect(within(tiles).getByRole("link", { name: /Congelados/ })).toHaveAttribute("href", "/brasil/produtos?category=congelados");
    expect(within(tiles).queryByRole("link", { name: /Lácteos|Condimentos/ })).not.toBeInTheDocument();
    expect(within(tiles).getByRole("link", { name: /Lanzamientos/ })).toHaveAttribute("href", "/brasil/produtos?section=lanzamientos");
    await user.click(sweets);
    expect(await screen.findByText("Brigadeiro")).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ country: "brasil", category: "doces", onlineCategory: "" });
    const filter = screen.getByRole("navigation", { name: "Filtrar por categoría" });
    expect(within(filter).getByRole("link", { name: "Dulces" })).toHaveAttribute("aria-current", "page");
  });

  it("the full catalogue counts the products and links back to the country", async () => {
    renderApp("/colombia/produtos", catalogue(3));
    expect(await screen.findByText("3 producto(s) encontrado(s)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Volver a Colombia/ })).toHaveAttribute("href", "/colombia");
  });

  it("Senegal shows its hero, highlights and products with their ids", async () => {
    renderApp("/senegal", catalogue(2));
    expect(await screen.findByRole("heading", { level: 1, name: "Sabores de Senegal" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Bissap" })).toBeInTheDocument();
    expect(await screen.findByText("Ref. 3001")).toBeInTheDocument();
  });

  it("a generic country says when it has no products", async () => {
    renderApp("/cuba", catalogue(0));
    expect(await screen.findByText("Todavía no hay productos registrados para Cuba.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Volver al inicio/ })).toHaveAttribute("href", "/");
  });

  it.each(["/colombia", "/cabo-verde", "/senegal", "/cuba", "/brasil/produtos"])(
    "%s says when its products failed to load",
    async (path) => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      renderApp(path, (router) =>
        router.service(CatalogService, {
          listProducts: () => {
            throw new ConnectError("catálogo no disponible", Code.Unavailable);
          },
          listCountries: () => ({ countries: [] }),
        }),
      );
      expect(await screen.findByText("Error: catálogo no disponible")).toHaveAttribute("role", "alert");
      expect(screen.queryByText(/Todavía no hay productos/)).not.toBeInTheDocument();
      expect(logged).toHaveBeenCalled();
      logged.mockRestore();
    },
  );
});
