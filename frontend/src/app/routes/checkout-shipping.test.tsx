import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartService, type ValidateCartRequest } from "@gen/sabores/v1/cart_service_pb";
import { OrderService, type PlaceOrderRequest } from "@gen/sabores/v1/order_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { OrderSchema, PaymentMethod } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// A frozen açaí (7,49 €) and a farofa (5,00 €): the cart ships in the cold
// chain (7,95 € + 3,00 €, leaving on Monday), or is collected for free.
function quote(req: ValidateCartRequest) {
  const pickup = req.shippingMethod === "pickup_burela";
  const estimate = req.postalCode === "";
  const shipping = pickup ? 0n : 1095n;
  return {
    lines: [
      { productId: 1003n, quantity: 1, name: "Açaí", unitPriceCents: 749n, lineTotalCents: 749n, availableStock: 10, coldChain: true },
      { productId: 1004n, quantity: 1, name: "Farofa", unitPriceCents: 500n, lineTotalCents: 500n, availableStock: 10 },
    ],
    subtotalCents: 1249n,
    shippingCents: shipping,
    totalCents: 1249n + shipping,
    valid: true,
    coldChain: true,
    freeShippingThresholdCents: 5995n,
    expectedDispatchDate: pickup ? "" : "2026-12-07",
    shippingMethod: pickup ? "pickup_burela" : "cold_chain",
    deliveryArea: estimate ? "" : "peninsula",
    deliveryAreaServed: true,
    shippingOptions: [
      { code: "standard", name: "Envío estándar", kind: ShippingKind.STANDARD, unavailableReason: "SHIPPING_NOT_COLD_CHAIN", needsAddress: true },
      {
        code: "cold_chain",
        name: "Envío refrigerado",
        kind: ShippingKind.COLD_CHAIN,
        priceCents: 1095n,
        dispatchDate: "2026-12-07",
        freeAboveCents: 5995n,
        needsAddress: true,
        estimate,
      },
      { code: "pickup_burela", name: "Recogida en la tienda de Burela", kind: ShippingKind.PICKUP, free: true },
    ],
  };
}

function renderCheckout(placeOrder: (req: PlaceOrderRequest) => object) {
  localStorage.setItem(
    "cart",
    JSON.stringify([
      { id: 1003, name: "Açaí", priceCents: 749, image: "", stock: 10, quantity: 1 },
      { id: 1004, name: "Farofa", priceCents: 500, image: "", stock: 10, quantity: 1 },
    ]),
  );
  return renderApp("/checkout", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(CartService, { validateCart: quote });
    router.service(OrderService, {
      placeOrder,
      getPaymentOptions: () => ({ paymentMethods: [PaymentMethod.CARD, PaymentMethod.TRANSFER], cashOnDeliverySurchargeCents: 0n }),
    });
  });
}

describe("shipping at checkout", () => {
  it("shows the real shipping line and how far free shipping is", async () => {
    renderCheckout(() => ({}));
    const summary = await screen.findByRole("region", { name: "Resumen del pedido" });
    await waitFor(() => expect(within(summary).getByText("desde 10,95 €")).toBeInTheDocument());
    expect(within(summary).getByText(/Te faltan 47,46 € para el envío gratis \(desde 59,95 €\)/)).toBeInTheDocument();
  });

  it("lists the cold chain with its price and dispatch day, and sends the method chosen", async () => {
    const sent: PlaceOrderRequest[] = [];
    const { user } = renderCheckout((req) => {
      sent.push(req);
      return { order: create(OrderSchema, { id: 7n }) };
    });
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    const summary = screen.getByRole("region", { name: "Resumen del pedido" });
    expect(await within(summary).findByText("desde 10,95 €")).toBeInTheDocument();
    await user.type(await screen.findByLabelText("Teléfono"), "+34 600 123 456");
    await user.type(screen.getByLabelText("Dirección"), "Rúa Real 1");
    await user.type(screen.getByLabelText("Ciudad"), "Burela");
    await user.type(screen.getByLabelText("Código postal"), "27880");
    const cold = await screen.findByRole("radio", { name: /Envío refrigerado/ });
    expect(cold).toBeChecked();
    expect(within(screen.getByRole("group", { name: "Forma de envío" })).getByText("10,95 €")).toBeInTheDocument();
    // The postal code known, the summary beside the form says the real quote, not "from".
    await waitFor(() => expect(within(summary).getByText("10,95 €")).toBeInTheDocument());
    expect(within(summary).queryByText(/desde 10,95/)).not.toBeInTheDocument();
    expect(screen.getByText(/Sale de la tienda el lunes, 7 de diciembre/)).toBeInTheDocument();
    // Standard cannot carry frozen goods: it is not offered.
    expect(screen.queryByRole("radio", { name: /Envío estándar/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await user.click(await screen.findByLabelText(/^Tarjeta/));
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await screen.findByRole("heading", { level: 2, name: "Confirmación" });
    await user.click(screen.getByRole("button", { name: "Confirmar pedido con obligación de pago" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ shippingMethod: "cold_chain", delivery: { postalCode: "27880" } });
  });

  it("collects at the shop without an address", async () => {
    const sent: PlaceOrderRequest[] = [];
    const { user } = renderCheckout((req) => {
      sent.push(req);
      return { order: create(OrderSchema, { id: 8n }) };
    });
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    await user.type(await screen.findByLabelText("Teléfono"), "+34 600 123 456");
    await user.click(await screen.findByRole("radio", { name: /Recogida en la tienda de Burela/ }));
    await waitFor(() => expect(screen.queryByLabelText("Código postal")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await user.click(await screen.findByLabelText(/^Tarjeta/));
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await screen.findByRole("heading", { level: 2, name: "Confirmación" });
    await user.click(screen.getByRole("button", { name: "Confirmar pedido con obligación de pago" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ shippingMethod: "pickup_burela", delivery: { address: "", city: "", postalCode: "" } });
  });
});
