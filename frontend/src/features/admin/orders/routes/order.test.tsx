import { Code, ConnectError } from "@connectrpc/connect";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminOrderService, type AdvanceOrderRequest, OrderAction } from "@gen/sabores/v1/admin_order_service_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";

const paidOrder = {
  id: 42n,
  status: OrderStatus.PREPARING,
  paymentMethod: PaymentMethod.TRANSFER,
  paymentStatus: PaymentStatus.PAID,
  lines: [
    { productId: 1n, name: "Guaraná", quantity: 3, unitPriceCents: 250n, vatBasisPoints: 1000, lineTotalCents: 750n },
    { productId: 2n, name: "Champú", quantity: 1, unitPriceCents: 600n, vatBasisPoints: 2100, lineTotalCents: 600n },
  ],
  vatByRate: [
    { vatBasisPoints: 1000, baseCents: 682n, vatCents: 68n },
    { vatBasisPoints: 2100, baseCents: 496n, vatCents: 104n },
  ],
  totalCents: 1350n,
  itemCount: 4,
  delivery: { name: "Lucía Pérez", email: "lucia@example.com", phone: "+34 600 123 456", address: "Rúa Nova 8", city: "Burela", postalCode: "27880" },
};
const events = [
  { machine: "fulfilment", toState: "placed", actor: "shopper", createTime: { seconds: 1_790_000_000n, nanos: 0 } },
  { machine: "payment", fromState: "awaiting_payment", toState: "paid", actor: "admin", note: "justificante 12", createTime: { seconds: 1_790_003_600n, nanos: 0 } },
  { machine: "fulfilment", fromState: "placed", toState: "preparing", actor: "admin", createTime: { seconds: 1_790_007_200n, nanos: 0 } },
];

it("offers the server's allowed steps and ships with carrier and tracking number", async () => {
  const advanced: AdvanceOrderRequest[] = [];
  let shipped = false;
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, { getAdminOrder: () =>
          shipped
            ? { order: { ...paidOrder, status: OrderStatus.SHIPPED, carrier: "Correos", trackingNumber: "PQ1", trackingUrl: "https://www.correos.es/x?tracking-number=PQ1" }, events, allowedActions: [OrderAction.MARK_DELIVERED] }
            : { order: paidOrder, events, allowedActions: [OrderAction.SHIP, OrderAction.CANCEL], carriers: ["Correos", "SEUR"] }, advanceOrder: (req) => {
          advanced.push(req);
          shipped = true;
          return { order: paidOrder };
        } }),
    { language: "es" },
  );
  expect(await screen.findByRole("heading", { name: "Pedido #42", level: 1 })).toBeVisible();
  // What the server allows, nothing else.
  const actions = screen.getByRole("region", { name: "Acciones" });
  expect(within(actions).getAllByRole("button").map((b) => b.textContent)).toEqual(["Enviar", "Cancelar pedido"]);
  expect(screen.getByText("Base e IVA al 10 %")).toBeVisible();
  expect(screen.getByText("Base e IVA al 21 %")).toBeVisible();
  expect(screen.getByText("justificante 12")).toBeVisible();
  expect(screen.getByText("Pago recibido")).toBeVisible();

  await user.click(within(actions).getByRole("button", { name: "Enviar" }));
  const dialog = await screen.findByRole("dialog", { name: "Enviar" });
  await user.type(within(dialog).getByLabelText("Transportista"), "Correos");
  await user.type(within(dialog).getByLabelText("Número de seguimiento"), "PQ1");
  await user.click(within(dialog).getByRole("button", { name: "Marcar como enviado" }));
  expect(await screen.findByText("Pedido enviado.")).toBeVisible();
  expect(advanced).toEqual([expect.objectContaining({ id: 42n, action: OrderAction.SHIP, carrier: "Correos", trackingNumber: "PQ1" })]);
  expect(await screen.findByRole("link", { name: "PQ1" })).toHaveAttribute("href", "https://www.correos.es/x?tracking-number=PQ1");
  expect(within(screen.getByRole("region", { name: "Acciones" })).getAllByRole("button").map((b) => b.textContent)).toEqual([
    "Marcar como entregado",
  ]);
});

it("cancels only with a reason, and says why the server refused", async () => {
  const { user } = renderAdmin("/admin/orders/42", (router) =>
    router.service(AdminOrderService, { getAdminOrder: () => ({ order: paidOrder, events, allowedActions: [OrderAction.CANCEL] }), advanceOrder: () => {
        const err = new ConnectError("refused", Code.FailedPrecondition);
        const info = new BinaryWriter().tag(1, 2).string("ORDER_TRANSITION_NOT_ALLOWED").tag(2, 2).string("sabores.v1").finish();
        err.details.push({ type: "google.rpc.ErrorInfo", value: info });
        throw err;
      } }),
  );
  await user.click(await screen.findByRole("button", { name: "Cancelar encomenda" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Cancelar encomenda" });
  expect(within(dialog).getByLabelText("Motivo (o cliente vai vê-lo)")).toBeRequired();
  await user.type(within(dialog).getByLabelText("Motivo (o cliente vai vê-lo)"), "Produto danificado");
  await user.click(within(dialog).getByRole("button", { name: "Cancelar a encomenda" }));
  expect(await within(dialog).findByText("A encomenda já não está nesse passo: recarregue-a.")).toBeVisible();
});

it("prints a packing slip without prices", async () => {
  renderAdmin("/admin/orders/42/packing-slip", (router) =>
    router.service(AdminOrderService, { getAdminOrder: () => ({ order: paidOrder, events, allowedActions: [] }) }),
  );
  expect(await screen.findByRole("heading", { name: "Guia de remessa da encomenda n.º 42" })).toBeVisible();
  expect(screen.getByText(/Rúa Nova 8/)).toBeVisible();
  expect(screen.getByRole("cell", { name: "Guaraná" })).toBeVisible();
  expect(screen.getByText("4 unidades no total")).toBeVisible();
  expect(document.body.textContent).not.toMatch(/€/);
  expect(screen.getByRole("button", { name: "Imprimir" })).toBeEnabled();
});

it("says when the order does not exist", async () => {
  renderAdmin("/admin/orders/999", (router) =>
    router.service(AdminOrderService, { getAdminOrder: () => {
        throw new ConnectError("no", Code.NotFound);
      } }),
  );
  expect(await screen.findByText("Esta encomenda não existe.")).toBeVisible();
});

it("tells the desk the day a cold-chain order leaves, as the shopper was told", async () => {
  renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, { getAdminOrder: () => ({ order: { ...paidOrder, expectedDispatchDate: "2026-11-30" }, events, allowedActions: [] }) }),
    { language: "es" },
  );
  expect(await screen.findByText(/Congelados o refrigerados: sale el lunes, 30 de noviembre/)).toBeVisible();
});

it.each([
  ["es", /Mayor de 18: compra la etiqueta con el servicio de entrega con comprobación de DNI/, /elige el servicio de entrega con comprobación de DNI/, "Enviar"],
  ["pt", /Maiores de 18: compre a etiqueta com o serviço de entrega com verificação de identidade/, /escolha o serviço de entrega com verificação de identidade/, "Enviar"],
] as const)("in %s, tells the desk an adults-only order's label needs the carrier's ID check, also when shipping", async (language, summary, dialogNote, ship) => {
  const adults = { ...paidOrder, idCheckRequired: true, ageDeclareTime: { seconds: 1_790_000_000n, nanos: 0 } };
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, { getAdminOrder: () => ({ order: adults, events, allowedActions: [OrderAction.SHIP], carriers: ["Correos"] }) }),
    { language },
  );
  expect(await screen.findByText(summary)).toBeVisible();
  await user.click(within(screen.getByRole("region", { name: /Acciones|Ações/ })).getByRole("button", { name: ship }));
  const dialog = await screen.findByRole("dialog", { name: ship });
  expect(within(dialog).getByText(dialogNote)).toBeVisible();
});

it("says nothing of an ID check for an order without adults-only goods", async () => {
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) => router.service(AdminOrderService, { getAdminOrder: () => ({ order: paidOrder, events, allowedActions: [OrderAction.SHIP] }) }),
    { language: "es" },
  );
  expect(await screen.findByRole("heading", { name: "Pedido #42", level: 1 })).toBeVisible();
  await user.click(within(screen.getByRole("region", { name: "Acciones" })).getByRole("button", { name: "Enviar" }));
  const dialog = await screen.findByRole("dialog", { name: "Enviar" });
  expect(within(dialog).queryByText(/comprobación de DNI/)).toBeNull();
  expect(screen.queryByText(/Mayor de 18/)).toBeNull();
});

it("warns before shipping a cold-chain order on a day it must not leave, and ships once the desk confirms", async () => {
  const advanced: AdvanceOrderRequest[] = [];
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, {
        getAdminOrder: () => ({ order: { ...paidOrder, expectedDispatchDate: "2026-11-30" }, events, allowedActions: [OrderAction.SHIP] }),
        advanceOrder: (req) => {
          advanced.push(req);
          if (!req.confirmOffDay) {
            const err = new ConnectError("refused", Code.FailedPrecondition);
            const info = new BinaryWriter().tag(1, 2).string("COLD_CHAIN_OFF_DAY").tag(2, 2).string("sabores.v1").finish();
            err.details.push({ type: "google.rpc.ErrorInfo", value: info });
            throw err;
          }
          return { order: paidOrder };
        },
      }),
    { language: "es" },
  );
  await user.click(within(await screen.findByRole("region", { name: "Acciones" })).getByRole("button", { name: "Enviar" }));
  const dialog = await screen.findByRole("dialog", { name: "Enviar" });
  await user.type(within(dialog).getByLabelText("Transportista"), "SEUR");
  await user.type(within(dialog).getByLabelText("Número de seguimiento"), "FRIO1");
  await user.click(within(dialog).getByRole("button", { name: "Marcar como enviado" }));
  expect(await within(dialog).findByText(/hoy no es día de salida/)).toBeVisible();
  await user.click(within(dialog).getByLabelText("Sé que hoy no salen los productos de frío: enviarlo igualmente"));
  await user.click(within(dialog).getByRole("button", { name: "Marcar como enviado" }));
  expect(await screen.findByText("Pedido enviado.")).toBeVisible();
  expect(advanced.map((r) => r.confirmOffDay)).toEqual([false, true]);
});

it("marks a pickup order ready and then collected, in Portuguese", async () => {
  const advanced: AdvanceOrderRequest[] = [];
  const pickupOrder = { ...paidOrder, pickupCode: "K7P3QX", delivery: { ...paidOrder.delivery, address: "", postalCode: "" } };
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, {
        getAdminOrder: () =>
          advanced.length > 0
            ? { order: { ...pickupOrder, status: OrderStatus.READY_FOR_PICKUP }, events, allowedActions: [OrderAction.MARK_DELIVERED, OrderAction.CANCEL] }
            : { order: pickupOrder, events, allowedActions: [OrderAction.READY_FOR_PICKUP, OrderAction.CANCEL] },
        advanceOrder: (req) => {
          advanced.push(req);
          return { order: pickupOrder };
        },
      }),
    { language: "pt" },
  );
  const actions = await screen.findByRole("region", { name: "Ações" });
  await user.click(await within(actions).findByRole("button", { name: "Pronta para levantar" }));
  expect(await screen.findByText("Encomenda pronta para levantar: o cliente recebe um e-mail.")).toBeVisible();
  expect(advanced).toEqual([expect.objectContaining({ id: 42n, action: OrderAction.READY_FOR_PICKUP })]);
  expect(await screen.findByText("Pronta para levantar", { selector: "span" })).toBeVisible();
  await user.click(await within(screen.getByRole("region", { name: "Ações" })).findByRole("button", { name: "Marcar como levantada" }));
  expect(advanced.at(-1)).toEqual(expect.objectContaining({ action: OrderAction.MARK_DELIVERED }));
});
