import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminOrderService, type AdvanceOrderRequest, OrderAction } from "@gen/sabores/v1/admin_order_service_pb";
import { AdminParcelService, type BuyLabelRequest, type MarkParcelDeliveredRequest } from "@gen/sabores/v1/admin_parcel_service_pb";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";

const order = {
  id: 42n,
  status: OrderStatus.PREPARING,
  paymentMethod: PaymentMethod.CASH_ON_DELIVERY,
  paymentStatus: PaymentStatus.ON_DELIVERY,
  lines: [{ productId: 1n, name: "Licor café", quantity: 2, unitPriceCents: 617n, vatBasisPoints: 2100, lineTotalCents: 1234n }],
  totalCents: 1234n,
  itemCount: 2,
  delivery: { name: "Lucía Pérez", email: "lucia@example.com", phone: "600123456", address: "Rúa Nova 8", city: "Burela", postalCode: "27880" },
};
const parcel = {
  id: 7n,
  orderId: 42n,
  state: ParcelState.ANNOUNCED,
  carrier: "Correos",
  trackingNumber: "SCDEV1",
  trackingUrl: "https://tracking.example/SCDEV1",
  platformStatus: "Ready to send",
  weightGrams: 1200,
  codCents: 1234n,
};

function renderDesk(parcels: object, impl: object = {}) {
  return renderAdmin(
    "/admin/orders/42",
    (router) => {
      router.service(AdminOrderService, {
        getAdminOrder: () => ({ order, events: [], allowedActions: [OrderAction.SHIP, OrderAction.CANCEL] }),
      });
      router.service(AdminParcelService, { getOrderParcel: () => parcels, ...impl });
    },
    { language: "es" },
  );
}

it("buys the label with the weight counted, saying what the carrier collects and checks at the door", async () => {
  const bought: BuyLabelRequest[] = [];
  let current: object = { labelsEnabled: true, weightGrams: 1000, codCents: 1234n, ageNote: "Entrega solo a mayores de 18: comprobar DNI" };
  const { user } = renderDesk(
    {},
    {
      getOrderParcel: () => current,
      buyLabel: (req: BuyLabelRequest) => {
        bought.push(req);
        current = { labelsEnabled: true, parcel };
        return { parcel };
      },
    },
  );
  const panel = await screen.findByRole("region", { name: "Envío y etiqueta" });
  expect(await within(panel).findByText(/Contra reembolso: el transportista cobrará 12,34/)).toBeVisible();
  expect(within(panel).getByText("Entrega solo a mayores de 18: comprobar DNI")).toBeVisible();
  const weight = within(panel).getByLabelText("Peso del paquete (kg)");
  expect(weight).toHaveValue("1.000");
  await user.clear(weight);
  await user.type(weight, "1,2");
  await user.click(within(panel).getByRole("button", { name: "Comprar etiqueta y enviar" }));
  expect(await within(panel).findByText("Etiqueta comprada: pedido enviado.")).toBeVisible();
  expect(bought).toEqual([expect.objectContaining({ orderId: 42n, weightGrams: 1200, confirmOffDay: false })]);
  expect(await within(panel).findByRole("link", { name: "SCDEV1" })).toHaveAttribute("href", "https://tracking.example/SCDEV1");
  expect(within(panel).getByText("Etiqueta comprada")).toBeVisible();
  expect(within(panel).getByRole("button", { name: "Descargar etiqueta" })).toBeEnabled();
});

it("warns before a cold-chain order leaves on a day it must not, and buys only once the desk confirms", async () => {
  const bought: BuyLabelRequest[] = [];
  const { user } = renderDesk(
    { labelsEnabled: true, weightGrams: 3000, dispatchWarning: true, nextDispatchDate: "2026-11-30" },
    {
      buyLabel: (req: BuyLabelRequest) => {
        bought.push(req);
        return { parcel };
      },
    },
  );
  const panel = await screen.findByRole("region", { name: "Envío y etiqueta" });
  expect(await within(panel).findByText("Congelados o refrigerados: hoy no salen. Próxima salida: lunes, 30 de noviembre.")).toBeVisible();
  await user.click(within(panel).getByLabelText("Sé que hoy no es día de salida: comprar la etiqueta igualmente"));
  await user.click(within(panel).getByRole("button", { name: "Comprar etiqueta y enviar" }));
  expect(await within(panel).findByText("Etiqueta comprada: pedido enviado.")).toBeVisible();
  expect(bought).toEqual([expect.objectContaining({ weightGrams: 3000, confirmOffDay: true })]);
});

it("marks a parcel delivered after confirmation", async () => {
  const delivered: MarkParcelDeliveredRequest[] = [];
  const { user } = renderDesk(
    { labelsEnabled: true, parcel: { ...parcel, state: ParcelState.IN_TRANSIT, platformStatus: "Delivery attempt failed" } },
    {
      markParcelDelivered: (req: MarkParcelDeliveredRequest) => {
        delivered.push(req);
        return { parcel: { ...parcel, state: ParcelState.DELIVERED } };
      },
    },
  );
  const panel = await screen.findByRole("region", { name: "Envío y etiqueta" });
  expect(await within(panel).findByText("En tránsito")).toBeVisible();
  expect(within(panel).getByText("(Delivery attempt failed)")).toBeVisible();
  await user.click(within(panel).getByRole("button", { name: "Marcar como entregado" }));
  const dialog = await screen.findByRole("dialog", { name: "Marcar como entregado" });
  await user.type(within(dialog).getByLabelText("Cómo lo sabes (opcional)"), "llamó la clienta");
  await user.click(within(dialog).getByRole("button", { name: "Confirmar la entrega" }));
  expect(await within(panel).findByText("Paquete entregado.")).toBeVisible();
  expect(delivered).toEqual([expect.objectContaining({ parcelId: 7n, note: "llamó la clienta" })]);
});

it("sends the desk to ship by hand an order labelled outside the platform", async () => {
  renderDesk({ labelsEnabled: true, outsidePlatform: true, weightGrams: 1000 });
  const panel = await screen.findByRole("region", { name: "Envío y etiqueta" });
  expect(await within(panel).findByText(/se etiqueta fuera de la plataforma/)).toBeVisible();
  expect(within(panel).queryByRole("button", { name: "Comprar etiqueta y enviar" })).toBeNull();
  expect(within(panel).getByRole("button", { name: "Albarán (PDF)" })).toBeEnabled();
});

it("says a pickup order has no label, rather than when to buy one", async () => {
  renderAdmin(
    "/admin/orders/42",
    (router) => {
      router.service(AdminOrderService, {
        getAdminOrder: () => ({ order: { ...order, pickupCode: "K7P3QX" }, events: [], allowedActions: [OrderAction.READY_FOR_PICKUP] }),
      });
      router.service(AdminParcelService, { getOrderParcel: () => ({ labelsEnabled: true, weightGrams: 1000 }) });
    },
    { language: "es" },
  );
  const panel = await screen.findByRole("region", { name: "Envío y etiqueta" });
  expect(await within(panel).findByText(/se recoge en la tienda: no lleva paquete ni etiqueta/)).toBeVisible();
  expect(within(panel).queryByText(/La etiqueta se compra cuando/)).toBeNull();
  expect(within(panel).getByRole("button", { name: "Albarán (PDF)" })).toBeEnabled();
});

// Issue 37: cancelling an order paid by card says, before anything is sent,
// the amount Redsys gives back, how and to whom; afterwards that it was asked.
it("confirms the card refund a cancellation sends, with its amount, method and shopper", async () => {
  const advanced: AdvanceOrderRequest[] = [];
  const paid = { ...order, paymentMethod: PaymentMethod.CARD, paymentStatus: PaymentStatus.PAID };
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) => {
      router.service(AdminOrderService, {
        getAdminOrder: () => ({ order: paid, events: [], allowedActions: [OrderAction.CANCEL] }),
        advanceOrder: (req: AdvanceOrderRequest) => {
          advanced.push(req);
          return { order: { ...paid, status: OrderStatus.CANCELLED } };
        },
      });
      router.service(AdminParcelService, { getOrderParcel: () => ({ labelsEnabled: false }) });
    },
    { language: "es" },
  );
  await user.click(await screen.findByRole("button", { name: "Cancelar pedido" }));
  const dialog = await screen.findByRole("alertdialog");
  expect(within(dialog).getByText("Al cancelar, Redsys devolverá 12,34 € a la tarjeta de Lucía Pérez.")).toBeVisible();
  await user.type(within(dialog).getByLabelText("Motivo (lo verá el cliente)"), "sin existencias");
  await user.click(within(dialog).getByRole("button", { name: /^Cancelar y devolver 12,34\s€$/ }));
  expect(await screen.findByText(/Devolución de 12,34 € a la tarjeta de Lucía Pérez pedida a Redsys/)).toBeVisible();
  expect(advanced).toEqual([expect.objectContaining({ id: 42n, action: OrderAction.CANCEL, note: "sin existencias" })]);
});

// Issue 41: an order sold with a discount code shows the code and what it
// took off beside the shipping it did not charge.
it("shows the discount code an order was sold with", async () => {
  renderAdmin(
    "/admin/orders/42",
    (router) => {
      router.service(AdminOrderService, {
        getAdminOrder: () => ({
          order: { ...order, discountCode: "VERAO10", discountCents: 123n, shippingWaivedCents: 495n, totalCents: 1111n },
          events: [],
          allowedActions: [],
        }),
      });
      router.service(AdminParcelService, { getOrderParcel: () => ({ labelsEnabled: false, weightGrams: 1000 }) });
    },
    { language: "es" },
  );
  const discount = await screen.findByText("Descuento (VERAO10), IVA incluido");
  expect(discount.nextElementSibling?.textContent).toMatch(/^−1,23\s€$/);
  expect(screen.getByText("Envío no cobrado (VERAO10)").nextElementSibling?.textContent).toMatch(/^−4,95\s€$/);
});
