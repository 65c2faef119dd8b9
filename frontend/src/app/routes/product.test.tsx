import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { ReviewStatus } from "@gen/sabores/v1/review_pb";
import { ReviewService } from "@gen/sabores/v1/review_service_pb";
import { product } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

function renderProduct(stock = 20) {
  return renderApp("/producto/1001", (router) => {
    router.service(CatalogService, {
      getProduct: (req) => {
        if (req.id !== 1001n) throw new ConnectError("not found", Code.NotFound);
        return { product: product(1001, { name: "Guaraná Antarctica 350 ml", stock, priceCents: 195n, brand: "Antarctica" }) };
      },
    });
  });
}

describe("/producto/:id", () => {
  it("shows a loading text, then the product with its title and structured data", async () => {
    renderProduct();
    expect(await screen.findByText("Cargando producto...")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Guaraná Antarctica 350 ml" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Guaraná Antarctica 350 ml | Sabores"));
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}");
    expect(ld).toMatchObject({ "@type": "Product", name: "Guaraná Antarctica 350 ml", offers: { price: "1.95", priceCurrency: "EUR" } });
    // No published review, no rating: structured data claims none.
    expect(ld.aggregateRating).toBeUndefined();
    expect(screen.getByText("Todavía no hay opiniones de este producto.")).toBeInTheDocument();
  });

  it("shows the published reviews' count and average, how they are verified, and rates only from them", async () => {
    renderApp("/producto/1001", (router) => {
      router.service(CatalogService, {
        getProduct: () => ({
          product: product(1001, { name: "Guaraná Antarctica 350 ml", rating: 4.5, reviewCount: 2, gtin: "7891991000833" }),
        }),
      });
      router.service(ReviewService, {
        listProductReviews: (req) => {
          expect(req.productId).toBe(1001n);
          return {
            reviews: [
              { id: 2n, productId: 1001n, author: "João S.", stars: 4, text: "Bom, chegou frio.", language: "pt", status: ReviewStatus.PUBLISHED },
              { id: 1n, productId: 1001n, author: "María S.", stars: 5, text: "Como en Brasil.", language: "es", status: ReviewStatus.PUBLISHED },
            ],
          };
        },
      });
    });
    expect(await screen.findByText("4,5 de 5 · 2 opiniones")).toBeInTheDocument();
    expect(screen.getByText(/^Solo pueden opinar quienes compraron el producto en Sabores/)).toBeInTheDocument();
    expect(await screen.findByText("Bom, chegou frio.")).toBeInTheDocument();
    expect(screen.getAllByText("Compra verificada")).toHaveLength(2);
    await waitFor(() => {
      const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}");
      expect(ld).toMatchObject({ gtin: "7891991000833", aggregateRating: { ratingValue: "4.5", reviewCount: 2 } });
    });
  });

  it("adds the chosen quantity to the cart", async () => {
    const { user } = renderProduct();
    await user.click(await screen.findByRole("button", { name: "Aumentar cantidad" }));
    await user.click(screen.getByRole("button", { name: "Añadir 2 al carrito" }));
    expect(await screen.findByRole("button", { name: "Añadido" })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([
      { id: 1001, name: "Guaraná Antarctica 350 ml", priceCents: 195, image: "/images/1001.svg", stock: 20, quantity: 2 },
    ]);
    expect(screen.getByRole("link", { name: /Carrito, 2 artículos/ })).toBeInTheDocument();
  });

  it("refuses more than the stock with the stock toast", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: 1001, name: "G", priceCents: 195, image: "", stock: 3, quantity: 2 }]));
    const { user } = renderProduct(3);
    await user.click(await screen.findByRole("button", { name: "Aumentar cantidad" }));
    await user.click(screen.getByRole("button", { name: "Añadir 2 al carrito" }));
    expect(await screen.findByText("Cantidad no disponible")).toBeInTheDocument();
    expect(screen.getByText("Solo tenemos 3 unidades en stock. Ya tienes 2 en el carrito.")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")[0].quantity).toBe(2);
  });

  it("reports a product that cannot be loaded", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp("/producto/999", (router) => {
      router.service(CatalogService, {
        getProduct: () => {
          throw new ConnectError("unavailable", Code.Unavailable);
        },
      });
    });
    expect(await screen.findByText("No se pudo cargar el producto.")).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("shows a product the shop does not sell as a page not found, with the search (issue 38)", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    renderApp(
      "/producto/999",
      (router) => {
        router.service(CatalogService, {
          getProduct: () => {
            throw new ConnectError("not found", Code.NotFound);
          },
        });
      },
      "pt",
    );
    expect(await screen.findByText("Não encontramos este produto: talvez já não o vendamos.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "404" })).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Pesquise na loja" })).toBeInTheDocument();
    expect(screen.queryByText("Não foi possível carregar o produto.")).not.toBeInTheDocument();
    log.mockRestore();
  });

  it("shows 'Últimas N' and 'Esgotado' in Portuguese", async () => {
    renderApp(
      "/producto/1001",
      (router) => {
        router.service(CatalogService, { getProduct: () => ({ product: product(1001, { stock: 0 }) }) });
      },
      "pt",
    );
    expect(await screen.findByRole("button", { name: "Esgotado" })).toBeDisabled();
  });
});
