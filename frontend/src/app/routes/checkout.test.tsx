import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { CartService } from "@gen/sabores/v1/cart_service_pb";
import { type GetPaymentOptionsRequest, OrderService, type PlaceOrderRequest } from "@gen/sabores/v1/order_service_pb";
import { OrderSchema, PaymentMethod } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

function reasonErrorInfo(reason: string): Uint8Array {
  const w = new BinaryWriter();
  w.tag(1, 2).string(reason);
  return w.finish();
}

function stockErrorInfo(productId: string, available: string): Uint8Array {
  const w = new BinaryWriter();
  w.tag(1, 2).string("INSUFFICIENT_STOCK");
  w.tag(3, 2).fork().tag(1, 2).string("product_id").tag(2, 2).string(productId).join();
  w.tag(3, 2).fork().tag(1, 2).string("available").tag(2, 2).string(available).join();
  return w.finish();
}

let validateCartCalls = 0;

const allMethods = [PaymentMethod.CARD, PaymentMethod.BIZUM, PaymentMethod.TRANSFER, PaymentMethod.CASH_ON_DELIVERY];

function renderCheckout(
  placeOrder: (req: PlaceOrderRequest) => object,
  methods = allMethods,
  startPayment?: () => object,
  getPaymentOptions: (req: GetPaymentOptionsRequest) => object = () => ({ paymentMethods: methods, cashOnDeliverySurchargeCents: 150n }),
) {
  localStorage.setItem(
    "cart",
    JSON.stringify([{ id: 1001, name: "Guaraná", priceCents: 250, image: "", stock: 10, quantity: 4 }]),
  );
  return renderApp("/checkout", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(CartService, {
      validateCart: () => (validateCartCalls++, {
        lines: [{ productId: 1001n, quantity: 4, name: "Guaraná", unitPriceCents: 250n, lineTotalCents: 1000n, availableStock: 10 }],
        subtotalCents: 1000n,
        totalCents: 1000n,
        valid: true,
      }),
    });
    router.service(OrderService, {
      placeOrder,
      getPaymentOptions,
      startPayment: startPayment ?? (() => ({})),
    });
  });
}

async function fillDelivery(user: ReturnType<typeof renderApp>["user"], postalCode: string) {
  await user.type(screen.getByLabelText("Teléfono"), "+34 600 123 456");
  await user.type(screen.getByLabelText("Dirección"), "Rúa Real 1");
  await user.type(screen.getByLabelText("Ciudad"), "Burela");
  await user.type(screen.getByLabelText("Código postal"), postalCode);
  await user.click(screen.getByRole("button", { name: "Continuar" }));
}

describe("/checkout", () => {
  it("sends a guest to sign in", async () => {
    localStorage.setItem("cart", JSON.stringify([{ id: 1, name: "x", priceCents: 1, image: "", quantity: 1 }]));
    renderApp("/checkout", (router) => {
      router.service(AccountService, { getSession: () => ({ signedIn: false }) });
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/auth?redirect=checkout"));
  });

  it("goes through the four steps, keeps the idempotency key across a stock failure and finishes", async () => {
    const requests: PlaceOrderRequest[] = [];
    let fail = true;
    const { user } = renderCheckout((req) => {
      requests.push(req);
      if (fail) {
        fail = false;
        const err = new ConnectError("insufficient stock", Code.FailedPrecondition);
        err.details.push({ type: "google.rpc.ErrorInfo", value: stockErrorInfo("1001", "3") });
        throw err;
      }
      return { order: create(OrderSchema, { id: 42n }) };
    });

    expect(await screen.findByRole("heading", { level: 2, name: "Revisión" })).toBeInTheDocument();
    expect(screen.getByText("Paso 1 de 4")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continuar" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Entrega" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nombre completo")).toHaveValue("María Silva");
    expect(screen.getByLabelText("Correo electrónico")).toHaveValue("maria@example.com");
    await fillDelivery(user, "2788");
    expect(await screen.findByText("El código postal debe tener 5 dígitos.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Código postal"), "0");
    await user.click(screen.getByRole("button", { name: "Continuar" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Pago" })).toBeInTheDocument();
    expect(await screen.findByText(/Recargo por contra reembolso: 1,50/)).toBeInTheDocument();
    await user.click(screen.getByLabelText(/Pago contra reembolso/));
    await user.click(screen.getByRole("button", { name: "Continuar" }));

    expect(await screen.findByRole("heading", { level: 2, name: "Confirmación" })).toBeInTheDocument();
    expect(screen.getByText(/Rúa Real 1, 27880 Burela/)).toBeInTheDocument();
    expect(screen.getByText(/Recargo por contra reembolso: 1,50/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirmar pedido con obligación de pago" }));

    expect(await screen.findByText("Solo quedan 3 unidades.")).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Confirmar pedido con obligación de pago" }));
    expect(await screen.findByText("¡Pedido finalizado con éxito!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/orders\/42$/));
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([]);

    expect(requests).toHaveLength(2);
    expect(requests[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[1].idempotencyKey).toBe(requests[0].idempotencyKey);
    expect(requests[0]).toMatchObject({
      paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
      lines: [{ productId: 1001n, quantity: 4 }],
      delivery: { name: "María Silva", postalCode: "27880", city: "Burela" },
    });
    expect(sessionStorage.getItem("checkoutIdempotency")).toBeNull();
  });

  it("offers only the shop's methods and sends a Bizum order to the payment page with a posted form", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => {});
    const { user } = renderCheckout(
      () => ({ order: create(OrderSchema, { id: 7n, paymentMethod: PaymentMethod.BIZUM }) }),
      [PaymentMethod.BIZUM, PaymentMethod.TRANSFER],
      () => ({ action: "https://pay.example/realizarPago", signatureVersion: "HMAC_SHA256_V1", merchantParameters: "eyJ9", signature: "c2ln" }),
    );
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    await fillDelivery(user, "27880");
    expect(await screen.findByLabelText(/Bizum/)).toBeChecked();
    expect(screen.queryByLabelText(/Tarjeta/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/contra reembolso/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continuar" }));
    await user.click(await screen.findByRole("button", { name: "Confirmar pedido con obligación de pago" }));
    const button = await screen.findByRole("button", { name: "Ir a la página de pago" });
    const form = button.closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "https://pay.example/realizarPago");
    expect(Object.fromEntries(new FormData(form ?? undefined))).toEqual({
      Ds_SignatureVersion: "HMAC_SHA256_V1",
      Ds_MerchantParameters: "eyJ9",
      Ds_Signature: "c2ln",
    });
    await waitFor(() => expect(submit).toHaveBeenCalled());
    submit.mockRestore();
  });

  it("shows cash on delivery unavailable from 1 000 €, with the law's reason, for the cart's lines", async () => {
    const asked: GetPaymentOptionsRequest[] = [];
    const { user } = renderCheckout(
      () => ({}),
      allMethods,
      undefined,
      (req) => {
        asked.push(req);
        return {
          paymentMethods: [PaymentMethod.CARD, PaymentMethod.TRANSFER],
          unavailablePaymentMethods: [{ paymentMethod: PaymentMethod.CASH_ON_DELIVERY, reason: "CASH_LIMIT", metadata: { max_cents: "100000" } }],
        };
      },
    );
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    await fillDelivery(user, "27880");
    const cash = await screen.findByRole("radio", { name: "Pago contra reembolso" });
    expect(cash).toBeDisabled();
    expect(cash).toHaveAccessibleDescription(/La ley no permite pagar en efectivo 1\.000 € o más a una empresa/);
    expect(screen.getByLabelText(/Tarjeta/)).toBeChecked();
    expect(asked[0].lines).toMatchObject([{ productId: 1001n, quantity: 4 }]);
  });

  it("prices the cart again when the order is refused for its discount code, so the summary drops the discount", async () => {
    const { user } = renderCheckout(() => {
      const err = new ConnectError("discount code used up", Code.FailedPrecondition);
      err.details.push({ type: "google.rpc.ErrorInfo", value: reasonErrorInfo("DISCOUNT_CODE_USED_UP") });
      throw err;
    });
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    await fillDelivery(user, "27880");
    await user.click(await screen.findByRole("button", { name: "Continuar" }));
    const asked = validateCartCalls;
    await user.click(await screen.findByRole("button", { name: "Confirmar pedido con obligación de pago" }));
    await waitFor(() => expect(validateCartCalls).toBeGreaterThan(asked));
  });

  it("returns to the cart from the first step", async () => {
    const { user } = renderCheckout(() => ({}));
    await user.click(await screen.findByRole("button", { name: "Atrás" }));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/cart"));
  });
});
