import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { CartProblem, CartService } from "@gen/sabores/v1/cart_service_pb";
import { renderApp } from "@/testing/render-app";

it("lists favourites, adds one to the cart and removes another", async () => {
  localStorage.setItem(
    "favorites",
    JSON.stringify([
      { id: 1, name: "Guaraná", priceCents: 250, image: "", stock: 5 },
      { id: 2, name: "Farofa", priceCents: 399, image: "" },
    ]),
  );
  const { user } = renderApp("/favorites", () => {}, "pt");
  expect(await screen.findByRole("heading", { name: "Meus Favoritos" })).toBeInTheDocument();
  await user.click(screen.getAllByRole("button", { name: "Adicionar ao carrinho" })[0]);
  expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([
    { id: 1, name: "Guaraná", priceCents: 250, image: "", stock: 5, quantity: 1 },
  ]);
  await user.click(screen.getAllByRole("button", { name: "Remover" })[1]);
  expect(screen.queryByText("Farofa")).not.toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Remover" }));
  expect(await screen.findByText("Seus favoritos estão vazios")).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Explorar produtos" })).toHaveAttribute("href", "/");
});

it("shows a sold-out favourite as 'Agotado', disabled, from the stock the server reports now", async () => {
  localStorage.setItem("favorites", JSON.stringify([{ id: 7, name: "Paçoca", priceCents: 300, image: "", stock: 12 }]));
  renderApp("/favorites", (router) => {
    router.service(CartService, {
      validateCart: () => ({
        lines: [{ productId: 7n, quantity: 1, name: "Paçoca", unitPriceCents: 300n, availableStock: 0, problems: [CartProblem.OUT_OF_STOCK] }],
        valid: false,
      }),
    });
  });
  expect(await screen.findByRole("button", { name: "Agotado" })).toBeDisabled();
  expect(screen.queryByRole("button", { name: "Añadir al carrito" })).not.toBeInTheDocument();
});
