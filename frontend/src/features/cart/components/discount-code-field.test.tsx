import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartService, type ValidateCartRequest } from "@gen/sabores/v1/cart_service_pb";
import { renderApp } from "@/testing/render-app";

// The server answers each code the test types: VERAO10 takes 4 € off, any
// other is refused with the reason named after it.
function renderCart() {
  localStorage.setItem("cart", JSON.stringify([{ id: 1001, name: "Guaraná", priceCents: 4000, image: "", stock: 10, quantity: 1 }]));
  return renderApp("/cart", (router) => {
    router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    router.service(CartService, {
      validateCart: (req: ValidateCartRequest) => {
        const base = {
          lines: [{ productId: 1001n, quantity: 1, name: "Guaraná", unitPriceCents: 4000n, regularUnitPriceCents: 4000n, lineTotalCents: 4000n, availableStock: 10 }],
          subtotalCents: 4000n,
          totalCents: 4000n,
          vatCents: 364n,
          valid: true,
        };
        if (req.discountCode === "VERAO10") return { ...base, totalCents: 3600n, vatCents: 327n, discount: { code: "VERAO10", amountCents: 400n } };
        if (req.discountCode === "ESGOTADO") return { ...base, discount: { code: "ESGOTADO", refusal: "DISCOUNT_CODE_LIMIT_REACHED" } };
        if (req.discountCode === "MINIMO") return { ...base, discount: { code: "MINIMO", refusal: "DISCOUNT_CODE_MINIMUM_NOT_REACHED", minimumCents: 5000n } };
        return base;
      },
    });
  });
}

describe("the cart's discount code", () => {
  it("shows a code's discount and keeps it for checkout", async () => {
    const { user } = renderCart();
    await user.type(await screen.findByLabelText("Código de descuento"), "verao10");
    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Descuento (VERAO10)")).toBeInTheDocument();
    expect(screen.getByText("−4,00 €")).toBeInTheDocument();
    expect(screen.getByText("Código VERAO10 aplicado.")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("sabores.discountCode") ?? '""')).toBe("VERAO10");
  });

  it("says clearly why a code takes nothing", async () => {
    const { user } = renderCart();
    const input = await screen.findByLabelText("Código de descuento");
    await user.type(input, "esgotado");
    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Este código ya se ha usado el máximo de veces permitido.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.clear(input);
    await user.type(input, "minimo");
    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    expect(await screen.findByText("Este código necesita un pedido mínimo de 50,00 € en productos.")).toBeInTheDocument();
  });
});
