import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { Code, ConnectError } from "@connectrpc/connect";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { InvoiceService } from "@gen/sabores/v1/invoice_service_pb";
import { type CancelMyOrderRequest, OrderService, PaymentAttemptStatus } from "@gen/sabores/v1/order_service_pb";
import { ParcelState } from "@gen/sabores/v1/parcel_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

const placed = {
  id: 12n,
  status: OrderStatus.PENDING,
  statusText: "placed",
  paymentMethod: PaymentMethod.TRANSFER,
  paymentStatus: PaymentStatus.AWAITING_PAYMENT,
  totalCents: 500n,
  itemCount: 2,
  lines: [{ productId: 1001n, name: "Guaraná", quantity: 2, lineTotalCents: 500n }],
  createTime: { seconds: 1_790_000_000n, nanos: 0 },
};
const at = (s: number) => ({ seconds: BigInt(1_790_000_000 + s), nanos: 0 });

function renderOrder(
  order: object,
  events: object[],
  cancellable: boolean,
  cancel?: (req: CancelMyOrderRequest) => object,
  language: "es" | "pt" = "es",
  tracking?: object,
) {
  return renderApp(
    "/orders/12",
    (router) => {
      router.service(AccountService, { getSession: () => signedIn() });
      router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
      router.service(OrderService, {
        getMyOrder: () => ({ order, events, cancellable, tracking }),
        cancelMyOrder: (req) => cancel?.(req) ?? {},
      });
    },
    language,
  );
}

it("shows a shipped order's timeline in words and the carrier's tracking link", async () => {
  renderOrder(
    { ...placed, status: OrderStatus.SHIPPED, paymentStatus: PaymentStatus.PAID, carrier: "Correos", trackingNumber: "PQ4B2", trackingUrl: "https://www.correos.es/x?tracking-number=PQ4B2" },
    [
      { machine: "fulfilment", toState: "placed", actor: "shopper", createTime: at(0) },
      { machine: "payment", toState: "paid", actor: "admin", createTime: at(3600) },
      { machine: "fulfilment", toState: "preparing", actor: "admin", createTime: at(7200) },
      { machine: "fulfilment", toState: "shipped", actor: "admin", createTime: at(9000) },
    ],
    false,
    undefined,
    "pt",
  );
  const history = await screen.findByRole("region", { name: "Estado da encomenda" });
  expect(within(history).getAllByRole("listitem").map((li) => li.querySelector("p")?.textContent)).toEqual([
    "Encomenda recebida",
    "Pagamento recebido",
    "Preparação iniciada",
    "Enviada",
  ]);
  expect(within(history).getAllByRole("listitem")[3].querySelector("time")).toHaveAttribute("datetime", "2026-09-21T16:43:20.000Z");
  expect(screen.getByRole("link", { name: /Seguir o envio PQ4B2/ })).toHaveAttribute("href", "https://www.correos.es/x?tracking-number=PQ4B2");
  expect(screen.queryByRole("button", { name: "Cancelar encomenda" })).toBeNull();
});

it.each([
  ["es", ParcelState.IN_TRANSIT, undefined, "En camino con el transportista."],
  ["pt", ParcelState.IN_TRANSIT, undefined, "A caminho com a transportadora."],
  ["es", ParcelState.DELIVERED, at(86_400), /^Entregado el .+\. Desde entonces tienes 14 días naturales para desistir\.$/],
  ["pt", ParcelState.DELIVERED, at(86_400), /^Entregue a .+\. A partir daí tem 14 dias de calendário para resolver o contrato\.$/],
] as const)("in %s, says where a parcel followed through the carrier platform stands (%i)", async (language, state, deliverTime, text) => {
  renderOrder(
    { ...placed, status: OrderStatus.SHIPPED, paymentStatus: PaymentStatus.PAID, carrier: "Correos", trackingNumber: "SC1", trackingUrl: "https://tracking.example/SC1" },
    [{ machine: "fulfilment", toState: "shipped", actor: "admin", createTime: at(0) }],
    false,
    undefined,
    language,
    { state, carrier: "Correos", trackingNumber: "SC1", trackingUrl: "https://tracking.example/SC1", deliverTime },
  );
  const section = await screen.findByRole("region", { name: /Seguimiento del envío|Seguimento do envio/ });
  expect(within(section).getByText(text)).toBeVisible();
  expect(within(section).getByRole("link", { name: /SC1/ })).toHaveAttribute("href", "https://tracking.example/SC1");
});

it("shows an unknown carrier's number as text", async () => {
  renderOrder({ ...placed, status: OrderStatus.SHIPPED, carrier: "Mensajería Paco", trackingNumber: "77-1" }, [], false);
  expect(await screen.findByText("77-1")).toBeVisible();
  expect(screen.getByText(/Lo lleva Mensajería Paco/)).toBeVisible();
  expect(screen.queryByRole("link", { name: /77-1/ })).toBeNull();
});

it("cancels after confirmation and shows the result", async () => {
  let cancelled = false;
  const asked: CancelMyOrderRequest[] = [];
  const { user } = renderApp("/orders/12", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
    router.service(OrderService, {
      getMyOrder: () =>
        cancelled
          ? { order: { ...placed, status: OrderStatus.CANCELLED, statusText: "cancelled" }, events: [{ machine: "fulfilment", toState: "cancelled", actor: "shopper", note: "me equivoqué", createTime: at(60) }], cancellable: false }
          : { order: placed, events: [{ machine: "fulfilment", toState: "placed", actor: "shopper", createTime: at(0) }], cancellable: true },
      cancelMyOrder: (req) => {
        asked.push(req);
        cancelled = true;
        return { order: { ...placed, status: OrderStatus.CANCELLED } };
      },
    });
  });
  await user.click(await screen.findByRole("button", { name: "Cancelar pedido" }));
  const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar el pedido #12?" });
  expect(within(dialog).getByText(/No se te cobrará nada/)).toBeVisible();
  await user.click(within(dialog).getByRole("button", { name: "No, mantener el pedido" }));
  expect(asked).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Cancelar pedido" }));
  await user.type(within(await screen.findByRole("alertdialog")).getByLabelText("¿Por qué? (opcional)"), "me equivoqué");
  await user.click(screen.getByRole("button", { name: "Sí, cancelar el pedido" }));
  expect(await screen.findByText("Pedido cancelado. Te hemos enviado un e-mail.")).toBeVisible();
  expect(asked).toEqual([expect.objectContaining({ id: 12n, reason: "me equivoqué" })]);
  expect(await screen.findByText("me equivoqué")).toBeVisible();
  expect(screen.queryByRole("button", { name: "Cancelar pedido" })).toBeNull();
});

it("says when the order is being prepared and cannot be cancelled any more", async () => {
  const { user } = renderOrder({ ...placed }, [], true, () => {
    throw new ConnectError("too late", Code.FailedPrecondition);
  });
  await user.click(await screen.findByRole("button", { name: "Cancelar pedido" }));
  await user.click(screen.getByRole("button", { name: "Sí, cancelar el pedido" }));
  expect(await screen.findByText("No se pudo cancelar. Inténtalo de nuevo.")).toBeVisible();
});

it("says when the order is not the shopper's", async () => {
  renderApp("/orders/99", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(OrderService, {
      getMyOrder: () => {
        throw new ConnectError("no", Code.NotFound);
      },
    });
  });
  expect(await screen.findByText("No encontramos este pedido en tu cuenta.")).toBeVisible();
});

it("names the day a frozen order leaves the shop until it ships, in Portuguese", async () => {
  renderOrder({ ...placed, expectedDispatchDate: "2026-11-30" }, [], false, undefined, "pt");
  expect(await screen.findByText(/Sai da loja a segunda-feira, 30 de novembro/)).toBeVisible();
});

it("no longer names the dispatch day once the order shipped", async () => {
  renderOrder({ ...placed, status: OrderStatus.SHIPPED, expectedDispatchDate: "2026-11-30", carrier: "Correos", trackingNumber: "PQ1" }, [], false);
  expect(await screen.findByRole("heading", { name: /Pedido #12/ })).toBeVisible();
  expect(screen.queryByText(/Sale de la tienda el/)).not.toBeInTheDocument();
});

it("waits for the bank's notification when the shopper is back before it, then shows the order paid", async () => {
  // Redsys may send the browser to URLOK before its notification reaches
  // the shop: the page shows it is waiting and asks again until the
  // notification decided.
  const card = { ...placed, paymentMethod: PaymentMethod.CARD };
  let asked = 0;
  renderApp("/orders/12?payment=ok", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
    router.service(OrderService, {
      getMyOrder: () => {
        asked += 1;
        return asked === 1
          ? { order: card, events: [], cancellable: true, payment: { lastAttempt: PaymentAttemptStatus.PENDING, canPay: true } }
          : { order: { ...card, paymentStatus: PaymentStatus.PAID }, events: [], cancellable: true, payment: { lastAttempt: PaymentAttemptStatus.AUTHORISED } };
      },
    });
  });
  const payment = await screen.findByRole("region", { name: "Pago" });
  await within(payment).findByText("Esperando la confirmación del banco...");
  expect(within(payment).queryByRole("button", { name: "Pagar de nuevo" })).toBeNull();
  await within(payment).findByText(/^Pagado\./, undefined, { timeout: 5000 });
  expect(asked).toBeGreaterThanOrEqual(2);
});

// One message of where the order stands, from all its states: never
// "preparing" beside "we have not started preparing it", nor on a
// cancelled order, and no refund promised for money never taken.
it.each([
  {
    why: "a paid order not yet being prepared",
    order: { ...placed, paymentStatus: PaymentStatus.PAID },
    cancellable: true,
    title: "Pago recibido",
  },
  {
    why: "a cancelled paid order",
    order: { ...placed, status: OrderStatus.CANCELLED, paymentStatus: PaymentStatus.PAID },
    cancellable: false,
    title: "Cancelado: te devolvemos el importe",
  },
  {
    why: "a cancelled order never paid",
    order: { ...placed, status: OrderStatus.CANCELLED },
    cancellable: false,
    title: "Cancelado",
    text: "No se te ha cobrado nada.",
  },
])("tells $why where it stands without contradiction", async ({ order, cancellable, title, text }) => {
  renderOrder(order, [{ machine: "fulfilment", toState: "placed", actor: "shopper", createTime: at(0) }], cancellable);
  const state = await screen.findByRole("region", { name: title });
  if (text) expect(state).toHaveTextContent(text);
  expect(document.body).not.toHaveTextContent(/estamos preparando|ya preparamos|preparando/i);
  if (order.status === OrderStatus.CANCELLED && order.paymentStatus !== PaymentStatus.PAID) {
    expect(document.body).not.toHaveTextContent(/te devolv/i);
  }
});

it("gives an unpaid order's deadline in Madrid time, labelled", async () => {
  renderApp("/orders/12", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(InvoiceService, { listMyInvoices: () => ({ invoices: [] }) });
    router.service(OrderService, {
      // 16:59 UTC on 29 November is 17:59 in Madrid.
      getMyOrder: () => ({ order: placed, events: [], cancellable: true, payment: { expireTime: { seconds: 1_795_971_540n, nanos: 0 } } }),
    });
  });
  const state = await screen.findByRole("region", { name: "Esperando tu pago" });
  expect(state).toHaveTextContent(/Págalo antes del 29 de noviembre de 2026 a las 17:59 \(hora de Madrid\)/);
  // 14:13 UTC on 21 September (summer time) is 16:13 in Madrid.
  expect(screen.getByText(/^Realizado el/)).toHaveTextContent("Realizado el 21 de septiembre de 2026 a las 16:13 (hora de Madrid)");
});
