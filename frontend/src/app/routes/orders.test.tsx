import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";
import { InvoiceService } from "@gen/sabores/v1/invoice_service_pb";
import { OrderService } from "@gen/sabores/v1/order_service_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { ShippingKind } from "@gen/sabores/v1/shipping_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

// Each row's badge says what the order's own page says (orderState): a
// cancelled order whose money went back reads "Importe devuelto", not
// "Cancelado"; a paid order not yet started reads "Pago recibido".
it("lists the client's orders with their page's state in the spec's colours, and their lines", async () => {
  const { user } = renderApp("/orders", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(OrderService, {
      listMyOrders: () => ({
        totalSize: 6,
        orders: [
          {
            id: 3n,
            status: OrderStatus.PENDING,
            paymentStatus: PaymentStatus.AWAITING_PAYMENT,
            paymentMethod: PaymentMethod.CARD,
            itemCount: 2,
            totalCents: 500n,
            vatCents: 45n,
            lines: [{ productId: 1001n, name: "Guaraná", quantity: 2, lineTotalCents: 500n }],
            delivery: { name: "María Silva", address: "Rúa Real 1", postalCode: "27880", city: "Burela" },
          },
          { id: 6n, status: OrderStatus.CANCELLED, paymentStatus: PaymentStatus.REFUNDED, totalCents: 100n },
          { id: 5n, status: OrderStatus.PENDING, paymentStatus: PaymentStatus.PAID, totalCents: 100n },
          { id: 4n, status: OrderStatus.COMPLETED, shippingKind: ShippingKind.PICKUP, totalCents: 100n },
          { id: 2n, status: OrderStatus.COMPLETED, totalCents: 100n },
          { id: 1n, status: OrderStatus.UNSPECIFIED, statusText: "devuelto", totalCents: 100n },
        ],
      }),
    });
  });
  expect(await screen.findByText("Pedido #3")).toBeInTheDocument();
  expect(screen.getByText("6 pedido(s)")).toBeInTheDocument();
  expect(screen.getByText("Esperando tu pago")).toHaveClass("bg-yellow-100");
  expect(screen.getByText("Importe devuelto")).toHaveClass("bg-red-100");
  expect(screen.getByText("Pago recibido")).toHaveClass("bg-yellow-100");
  expect(screen.getByText("Recogido")).toHaveClass("bg-green-100");
  expect(screen.getByText("Entregado")).toHaveClass("bg-green-100");
  expect(screen.getByText("devuelto")).toHaveClass("bg-stone-200");
  await user.click(screen.getByText("Ver detalle"));
  expect(screen.getByText("2 × Guaraná")).toBeVisible();
  expect(screen.getByText(/Entrega a: María Silva, Rúa Real 1, 27880 Burela/)).toBeVisible();
});

it("lists an order's invoices when asked and explains a refused complete-invoice request", async () => {
  const { user } = renderApp("/orders", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(OrderService, {
      listMyOrders: () => ({
        totalSize: 1,
        orders: [
          {
            id: 7n,
            status: OrderStatus.COMPLETED,
            totalCents: 500n,
            lines: [{ productId: 1001n, name: "Guaraná", quantity: 2, lineTotalCents: 500n }],
          },
        ],
      }),
    });
    router.service(InvoiceService, { listMyInvoices: (req) => ({
        invoices: req.orderId === 7n ? [{ id: 1n, number: "FS2026-000001", kind: InvoiceKind.SIMPLIFIED, orderId: 7n }] : [],
      }), requestCompleteInvoice: () => {
        throw new ConnectError("tax_id: not a valid NIF, NIE or CIF", Code.InvalidArgument);
      } });
  });
  await user.click(await screen.findByText("Ver detalle"));
  await user.click(screen.getByText("Ver facturas"));
  expect(await screen.findByText("Factura simplificada FS2026-000001")).toBeVisible();
  expect(screen.getByRole("button", { name: "Descargar PDF" })).toBeVisible();
  await user.click(screen.getByText("Pedir factura completa (con NIF)"));
  await user.type(screen.getByLabelText("NIF, NIE o CIF"), "12345678A");
  await user.type(screen.getByLabelText("Nombre o razón social"), "Ana");
  await user.type(screen.getByLabelText("Dirección fiscal"), "Calle 1");
  await user.click(screen.getByRole("button", { name: "Pedir factura" }));
  expect(await screen.findByText(/El NIF, NIE o CIF no es válido/)).toBeVisible();
});
