import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartProblem, CartService } from "@gen/sabores/v1/cart_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { renderApp } from "@/testing/render-app";

const stored = [
  { id: 1001, name: "Guaraná", priceCents: 250, image: "", stock: 10, quantity: 2 },
  { id: 2001, name: "Café de Colombia", priceCents: 899, image: "", stock: 5, quantity: 3 },
];

function renderCart() {
  localStorage.setItem("cart", JSON.stringify(stored));
  return renderApp("/cart", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    router.service(CartService, {
      validateCart: () => ({
        lines: [
          { productId: 1001n, quantity: 2, name: "Guaraná", unitPriceCents: 200n, regularUnitPriceCents: 250n, referenceUnitPriceCents: 250n, promotionLabel: "-20%", lineTotalCents: 400n, availableStock: 10 },
          { productId: 2001n, quantity: 3, name: "Café de Colombia", unitPriceCents: 899n, regularUnitPriceCents: 899n, availableStock: 1, problems: [CartProblem.INSUFFICIENT_STOCK] },
        ],
        subtotalCents: 400n,
        shippingCents: 495n,
        totalCents: 895n,
        valid: false,
        freeShippingThresholdCents: 2995n,
        shippingMethod: "standard",
        shippingOptions: [
          { code: "standard", name: "Envío estándar", kind: ShippingKind.STANDARD, priceCents: 495n, needsAddress: true, estimate: true },
          { code: "pickup_burela", name: "Recogida en la tienda de Burela", kind: ShippingKind.PICKUP, free: true },
        ],
      }),
    });
  });
}

describe("/cart", () => {
  it("says the cart is empty and offers to keep shopping", async () => {
    renderApp("/cart");
    expect(await screen.findByRole("heading", { name: "Tu carrito está vacío" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continuar Comprando" })).toHaveAttribute("href", "/");
  });

  it("shows the server's prices, promotions and stock problems", async () => {
    renderCart();
    const lines = await screen.findByRole("list", { name: "Productos del carrito" });
    expect(await within(lines).findByText("-20%")).toBeInTheDocument();
    expect(within(lines).getByText("Solo quedan 1 unidades.")).toBeInTheDocument();
    // Shipping is the server's estimate until the postal code is known, and
    // the cart says how far free shipping is.
    expect(screen.getByText("desde 4,95 €")).toBeInTheDocument();
    expect(screen.getByText(/Te faltan 25,95 € para el envío gratis \(desde 29,95 €\)/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Finalizar Compra" })).toBeDisabled();
  });

  it("changes quantities and removes lines in local storage", async () => {
    const { user } = renderCart();
    await user.click(await screen.findByRole("button", { name: "Quitar una unidad de Guaraná" }));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")[0].quantity).toBe(1);
    await user.click(screen.getByRole("button", { name: "Quitar una unidad de Guaraná" }));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]").map((i: { id: number }) => i.id)).toEqual([2001]);
  });

  it("sends a guest to sign in before checkout", async () => {
    localStorage.setItem("cart", JSON.stringify([stored[0]]));
    const { user } = renderApp("/cart", (router) => {
      router.service(AccountService, { getSession: () => ({ signedIn: false }) });
      router.service(CartService, {
        validateCart: () => ({ lines: [{ productId: 1001n, quantity: 2, unitPriceCents: 250n, lineTotalCents: 500n, availableStock: 10 }], subtotalCents: 500n, totalCents: 500n, valid: true }),
      });
    });
    await user.click(await screen.findByRole("button", { name: "Finalizar Compra" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/auth?redirect=checkout"));
    expect(await screen.findByRole("link", { name: /Continuar con Google/ })).toHaveAttribute(
      "href",
      `/auth/login?redirect=${encodeURIComponent("/auth?redirect=%2Fcheckout")}`,
    );
  });
});
