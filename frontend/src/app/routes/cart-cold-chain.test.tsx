import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartService } from "@gen/sabores/v1/cart_service_pb";
import { renderApp } from "@/testing/render-app";

function renderCart(subtotalCents: bigint, reached: boolean) {
  localStorage.setItem("cart", JSON.stringify([{ id: 3001, name: "Açaí", priceCents: 700, image: "", stock: 10, quantity: 2 }]));
  return renderApp("/cart", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    router.service(CartService, {
      validateCart: () => ({
        lines: [{ productId: 3001n, quantity: 2, name: "Açaí", unitPriceCents: 700n, lineTotalCents: subtotalCents, availableStock: 10, coldChain: true }],
        subtotalCents,
        totalCents: subtotalCents,
        valid: reached,
        frozenMinimumCents: 2000n,
        frozenMinimumReached: reached,
        expectedDispatchDate: "2026-11-30",
      }),
    });
  });
}

it("says how much a cart of frozen goods lacks to reach the minimum, and when it would leave the shop", async () => {
  renderCart(1400n, false);
  const short = await screen.findByText(/el pedido mínimo con congelados es de 20,00\s€.*Te faltan 6,00\s€/);
  expect(short).toHaveAttribute("role", "alert");
  expect(screen.getByText(/tu pedido sale el lunes, 30 de noviembre/)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Finalizar Compra" })).toBeDisabled();
});

it("says nothing of the minimum once the cart reaches it", async () => {
  renderCart(2100n, true);
  expect(await screen.findByText(/tu pedido sale el lunes, 30 de noviembre/)).toBeInTheDocument();
  expect(screen.queryByText(/pedido mínimo con congelados/)).not.toBeInTheDocument();
});
