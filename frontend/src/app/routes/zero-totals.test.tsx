import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartProblem, CartService } from "@gen/sabores/v1/cart_service_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

it("shows a new shopper's total spent as 0,00 €, not 'Precio a consultar'", async () => {
  renderApp("/client-dashboard", (router) => {
    router.service(AccountService, {
      getSession: () => signedIn(),
      getMyDashboard: () => ({ orderCount: 0, totalSpentCents: 0n, averageTicketCents: 0n, recentOrders: [] }),
    });
  });
  expect(await screen.findByRole("link", { name: /Total gastado\s*0,00\s€/ })).toBeInTheDocument();
  expect(document.body).not.toHaveTextContent("Precio a consultar");
});

it("totals a cart whose only line is short of stock, and says what must change", async () => {
  localStorage.setItem("cart", JSON.stringify([{ id: 2001, name: "Café de Colombia", priceCents: 899, image: "", stock: 1, quantity: 3 }]));
  renderApp("/cart", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    router.service(CartService, {
      validateCart: () => ({
        lines: [
          { productId: 2001n, quantity: 3, name: "Café de Colombia", unitPriceCents: 899n, regularUnitPriceCents: 899n,
            lineTotalCents: 2697n, availableStock: 1, problems: [CartProblem.INSUFFICIENT_STOCK] },
        ],
        subtotalCents: 2697n,
        totalCents: 2697n,
        valid: false,
      }),
    });
  });
  const summary = await screen.findByRole("region", { name: "Resumen del pedido" });
  expect(await within(summary).findByText("Para finalizar la compra, corrige o quita las líneas marcadas en rojo.")).toBeInTheDocument();
  expect(within(summary).getAllByText("26,97 €")).toHaveLength(2);
  expect(within(summary).getByRole("button", { name: "Finalizar Compra" })).toBeDisabled();
  expect(document.body).not.toHaveTextContent("Precio a consultar");
});
