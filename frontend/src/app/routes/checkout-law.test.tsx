import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { expect, it } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartService, type ValidateCartRequest } from "@gen/sabores/v1/cart_service_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { OrderService, type PlaceOrderRequest } from "@gen/sabores/v1/order_service_pb";
import { OrderSchema, PaymentMethod } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// The final button's label belongs to the payments work; match its gist.
const finish = { name: /finalizar|pagar|obligación/i };

function renderCheckout(placeOrder: (req: PlaceOrderRequest) => object) {
  localStorage.setItem("cart", JSON.stringify([{ id: 10001, name: "Ron", priceCents: 1500, image: "", stock: 10, quantity: 1 }]));
  return renderApp("/checkout", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(CartService, {
      validateCart: (req: ValidateCartRequest) => {
        const canarias = req.postalCode.startsWith("35");
        const pickup = req.shippingMethod === "pickup_burela";
        return {
          shippingOptions: [
            { code: "standard", name: "Envío estándar", kind: ShippingKind.STANDARD, priceCents: 495n, needsAddress: true, unavailableReason: canarias ? "SHIPPING_OUTSIDE_VAT_AREA" : "" },
            { code: "pickup_burela", name: "Recogida en la tienda de Burela", kind: ShippingKind.PICKUP, free: true },
          ],
          shippingMethod: pickup ? "pickup_burela" : canarias ? "" : "standard",
          deliveryRefusal: canarias ? "SHIPPING_OUTSIDE_VAT_AREA" : "",
          lines: [
            {
              productId: 10001n,
              quantity: 1,
              name: "Ron",
              unitPriceCents: 1500n,
              lineTotalCents: 1500n,
              availableStock: 10,
              ageRestricted: true,
              problems: [],
            },
          ],
          subtotalCents: 1500n,
          totalCents: 1500n,
          valid: !canarias || pickup,
          ageDeclarationRequired: true,
          deliveryArea: req.postalCode ? (canarias ? "canarias" : "peninsula") : "",
          deliveryAreaServed: !canarias,
        };
      },
    });
    router.service(OrderService, {
      placeOrder,
      getPaymentOptions: () => ({ paymentMethods: [PaymentMethod.CARD, PaymentMethod.CASH_ON_DELIVERY], cashOnDeliverySurchargeCents: 0n }),
    });
  });
}

async function toConfirm(user: ReturnType<typeof renderApp>["user"], postalCode: string) {
  await user.click(await screen.findByRole("button", { name: "Continuar" }));
  await user.type(await screen.findByLabelText("Teléfono"), "+34 600 123 456");
  await user.type(screen.getByLabelText("Dirección"), "Calle Mayor 1");
  await user.type(screen.getByLabelText("Ciudad"), "Madrid");
  await user.type(screen.getByLabelText("Código postal"), postalCode);
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  await user.click(await screen.findByLabelText(/Pago contra reembolso/));
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  await screen.findByRole("heading", { level: 2, name: "Confirmación" });
}

it("asks an adult-only cart for the age declaration before ordering and sends it", async () => {
  const requests: PlaceOrderRequest[] = [];
  const { user } = renderCheckout((req) => {
    requests.push(req);
    return { order: create(OrderSchema, { id: 42n }) };
  });
  await toConfirm(user, "28013");
  const box = screen.getByRole("checkbox", { name: /Declaro que tengo 18 años o más/ });
  await user.click(screen.getByRole("button", finish));
  expect(screen.getByText(/marca la casilla/)).toHaveAttribute("role", "alert");
  expect(box).toHaveFocus();
  expect(requests).toHaveLength(0);
  await user.click(box);
  await user.click(screen.getByRole("button", finish));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0].ageDeclared).toBe(true);
});

it("refuses the Canary Islands at the delivery step, once, with the real reason, and lets the shopper collect instead", async () => {
  const { user } = renderCheckout(() => ({ order: create(OrderSchema, { id: 1n }) }));
  await user.click(await screen.findByRole("button", { name: "Continuar" }));
  await user.type(await screen.findByLabelText("Teléfono"), "+34 600 123 456");
  await user.type(screen.getByLabelText("Dirección"), "Calle Mayor 1");
  await user.type(screen.getByLabelText("Ciudad"), "Las Palmas");
  await user.type(screen.getByLabelText("Código postal"), "35001");
  expect(await screen.findByText(/No enviamos a Canarias: está fuera del territorio del IVA/)).toHaveAttribute("role", "alert");
  expect(screen.getAllByText(/No enviamos a Canarias/)).toHaveLength(1);
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  expect(screen.getByRole("heading", { level: 2, name: "Entrega" })).toBeInTheDocument();
  // Collected at the shop, it needs no address and goes on.
  await user.click(screen.getByLabelText(/Recogida en la tienda de Burela/));
  await waitFor(() => expect(screen.queryByLabelText("Dirección")).not.toBeInTheDocument());
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  expect(await screen.findByRole("heading", { level: 2, name: "Pago" })).toBeInTheDocument();
});

it("says why the server refused an order of frozen goods below the frozen minimum", async () => {
  const { user } = renderCheckout(() => {
    const w = new BinaryWriter();
    w.tag(1, 2).string("FROZEN_MINIMUM");
    w.tag(3, 2).fork().tag(1, 2).string("minimum_cents").tag(2, 2).string("3000").join();
    const err = new ConnectError("an order with frozen goods must reach 3000 cents", Code.FailedPrecondition);
    err.details.push({ type: "google.rpc.ErrorInfo", value: w.finish() });
    throw err;
  });
  await toConfirm(user, "28013");
  await user.click(screen.getByRole("checkbox", { name: /Declaro que tengo 18 años o más/ }));
  await user.click(screen.getByRole("button", finish));
  expect(await screen.findByText(/no llega al pedido mínimo con congelados/)).toBeInTheDocument();
});

// Issue 38: the step that binds the shopper to pay links to the general
// conditions of sale and to the return policy, in a new tab so the order
// being confirmed is not lost.
it("links the confirmation step to the terms and the return policy", async () => {
  const { user } = renderCheckout(() => ({ order: create(OrderSchema, { id: 1n }) }));
  await toConfirm(user, "28013");
  const terms = screen.getByRole("link", { name: "condiciones generales de venta" });
  expect(terms).toHaveAttribute("href", "/terms");
  expect(terms).toHaveAttribute("target", "_blank");
  expect(screen.getByRole("link", { name: "política de devoluciones" })).toHaveAttribute("href", "/return-policy");
});
