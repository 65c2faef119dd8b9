import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminOrderService, type RecordBankRefundRequest, type RetryRefundRequest } from "@gen/sabores/v1/admin_order_service_pb";
import { RefundMethod, RefundState } from "@gen/sabores/v1/refund_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";

const order = (method: PaymentMethod, payment: PaymentStatus) => ({
  id: 42n,
  status: OrderStatus.CANCELLED,
  paymentMethod: method,
  paymentStatus: payment,
  lines: [{ productId: 1n, name: "Guaraná", quantity: 3, unitPriceCents: 450n, vatBasisPoints: 1000, lineTotalCents: 1350n }],
  totalCents: 1350n,
  itemCount: 3,
  delivery: { name: "Lucía Pérez", email: "lucia@example.com", phone: "+34 600 123 456", address: "Rúa Nova 8", city: "Burela", postalCode: "27880" },
});

it("records the bank refund of a cancelled transfer order: amount, reference and day", async () => {
  const recorded: RecordBankRefundRequest[] = [];
  const { user } = renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, { getAdminOrder: () =>
          recorded.length
            ? {
                order: order(PaymentMethod.TRANSFER, PaymentStatus.REFUNDED),
                refunds: [{ id: 1n, method: RefundMethod.BANK_TRANSFER, amountCents: 1350n, state: RefundState.DONE, bankReference: "TRF-42", refundDate: "2026-01-10" }],
              }
            : { order: order(PaymentMethod.TRANSFER, PaymentStatus.PAID), bankRefundAllowed: true }, recordBankRefund: (req) => {
          recorded.push(req);
          return {};
        } }),
    { language: "es" },
  );
  const refunds = await screen.findByRole("region", { name: "Devoluciones" });
  expect(within(refunds).getByText("Aún no se ha devuelto nada de este pedido.")).toBeVisible();
  await user.click(within(refunds).getByRole("button", { name: "Registrar devolución por transferencia" }));
  const dialog = await screen.findByRole("dialog", { name: "Registrar devolución por transferencia" });
  const amount = within(dialog).getByLabelText("Importe devuelto (€)");
  expect(amount).toHaveValue("13,50");
  await user.clear(amount);
  await user.type(amount, "14");
  await user.type(within(dialog).getByLabelText("Referencia de la transferencia"), "TRF-42");
  await user.clear(within(dialog).getByLabelText("Fecha de la transferencia"));
  await user.type(within(dialog).getByLabelText("Fecha de la transferencia"), "2026-01-10");
  await user.click(within(dialog).getByRole("button", { name: "Registrar la devolución" }));
  expect(within(dialog).getByRole("alert")).toHaveTextContent("no mayor que lo pagado");
  expect(recorded).toEqual([]);
  await user.clear(amount);
  await user.type(amount, "13,50");
  await user.click(within(dialog).getByRole("button", { name: "Registrar la devolución" }));
  expect(await screen.findByText("Devolución registrada; el cliente recibirá un e-mail.")).toBeVisible();
  expect(recorded).toEqual([expect.objectContaining({ orderId: 42n, amountCents: 1350n, bankReference: "TRF-42", refundDate: "2026-01-10" })]);
  expect(await within(refunds).findByText("Referencia TRF-42, del 2026-01-10")).toBeVisible();
  expect(within(refunds).queryByRole("button", { name: "Registrar devolución por transferencia" })).toBeNull();
});

it("shows a card refund Redsys refused and retries it", async () => {
  const retried: RetryRefundRequest[] = [];
  const { user } = renderAdmin("/admin/orders/42", (router) =>
    router.service(AdminOrderService, { getAdminOrder: () => ({
        order: order(PaymentMethod.CARD, PaymentStatus.REFUNDED),
        refunds: [
          {
            id: 7n,
            method: RefundMethod.REDSYS,
            amountCents: 1350n,
            reason: "order cancelled",
            state: retried.length ? RefundState.QUEUED : RefundState.FAILED,
            tries: 10,
            errorCode: "SIS0042",
          },
        ],
      }), retryRefund: (req) => {
        retried.push(req);
        return {};
      } }),
  );
  const refunds = await screen.findByRole("region", { name: "Reembolsos" });
  expect(within(refunds).getByText("A Redsys recusou-o")).toBeVisible();
  expect(within(refunds).getByText(/10 tentativas · SIS0042/)).toBeVisible();
  await user.click(within(refunds).getByRole("button", { name: "Repetir o reembolso 7" }));
  expect(await within(refunds).findByText("Por pedir à Redsys")).toBeVisible();
  expect(retried).toEqual([expect.objectContaining({ id: 7n })]);
  expect(within(refunds).queryByRole("button", { name: "Repetir o reembolso 7" })).toBeNull();
});

it("raises a refund of a payment Redsys authorised after refusing it", async () => {
  renderAdmin(
    "/admin/orders/42",
    (router) =>
      router.service(AdminOrderService, { getAdminOrder: () => ({
          order: order(PaymentMethod.CARD, PaymentStatus.AWAITING_PAYMENT),
          refunds: [
            { id: 8n, method: RefundMethod.REDSYS, amountCents: 1350n, reason: "authorised after Redsys refused it", state: RefundState.QUEUED },
            { id: 9n, method: RefundMethod.REDSYS, amountCents: 1350n, reason: "authorised after Redsys refused it", state: RefundState.DONE, authorisedAfterRefusal: true },
          ],
        }) }),
    { language: "pt" },
  );
  const refunds = await screen.findByRole("region", { name: "Reembolsos" });
  expect(within(refunds).getAllByText(/A Redsys cobrou este pagamento depois de o recusar/)).toHaveLength(1);
});

// Issue 37: a card refund Redsys accepted says when, in Madrid time, and
// under which Redsys order the owner finds it in the portal.
it("shows when Redsys refunded and its reference", async () => {
  renderAdmin("/admin/orders/42", (router) =>
    router.service(AdminOrderService, {
      getAdminOrder: () => ({
        order: order(PaymentMethod.CARD, PaymentStatus.REFUNDED),
        refunds: [
          {
            id: 8n,
            method: RefundMethod.REDSYS,
            amountCents: 1350n,
            reason: "order cancelled",
            state: RefundState.DONE,
            tries: 1,
            gatewayReference: "0001AD",
            decideTime: timestampFromDate(new Date("2026-03-02T09:15:00Z")),
          },
        ],
      }),
    }),
  );
  const refunds = await screen.findByRole("region", { name: "Reembolsos" });
  expect(within(refunds).getByText(/^Reembolsado em 2 de março de 2026.*10:15 · referência Redsys 0001AD$/)).toBeVisible();
});
