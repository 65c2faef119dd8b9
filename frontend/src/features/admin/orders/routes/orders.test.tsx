import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { currentUrl, renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminOrderService, type ListOrdersRequest, OrderView } from "@gen/sabores/v1/admin_order_service_pb";
import { OrderStatus, PaymentMethod, PaymentStatus } from "@gen/sabores/v1/types_pb";

function order(id: number, name: string) {
  return {
    id: BigInt(id),
    status: OrderStatus.PENDING,
    paymentMethod: PaymentMethod.TRANSFER,
    paymentStatus: PaymentStatus.AWAITING_PAYMENT,
    totalCents: 1250n,
    delivery: { name, email: `${name.toLowerCase()}@example.com`, postalCode: "27880" },
    createTime: { seconds: 1_790_000_000n, nanos: 0 },
  };
}

it("filters the desk through the address and pages forward and back by cursor", async () => {
  const asked: ListOrdersRequest[] = [];
  const { user } = renderAdmin(
    "/admin/orders?status=pending",
    (router) =>
      router.service(AdminOrderService, { listOrders: (req) => {
          asked.push(req);
          if (req.pageToken === "p2") return { orders: [order(7, "Ana")], totalSize: 1000, totalSizeCapped: true };
          return { orders: [order(9, "Lucía"), order(8, "João")], totalSize: 1000, totalSizeCapped: true, nextPageToken: "p2" };
        } }),
    { language: "es" },
  );
  expect(await screen.findByText("Más de 1000 pedidos")).toBeVisible();
  expect(asked[0]).toMatchObject({ status: OrderStatus.PENDING, pageToken: "", pageSize: 25, view: OrderView.BASIC });
  const table = screen.getByRole("table", { name: "Pedidos" });
  expect(within(table).getByRole("link", { name: "Pedido #9" })).toHaveAttribute("href", "/admin/orders/9");

  await user.click(screen.getByRole("button", { name: "Más antiguos →" }));
  expect(await within(screen.getByRole("table")).findByText("Ana")).toBeVisible();
  expect(asked.at(-1)).toMatchObject({ pageToken: "p2", status: OrderStatus.PENDING, view: OrderView.BASIC });
  await user.click(screen.getByRole("button", { name: "← Más recientes" }));
  expect(await within(screen.getByRole("table")).findByText("Lucía")).toBeVisible();

  await user.selectOptions(screen.getByLabelText("Pago"), "Pendiente de pago");
  await user.type(screen.getByRole("searchbox", { name: /Buscar/ }), "lucia");
  await user.click(screen.getByRole("button", { name: "Buscar" }));
  expect(currentUrl()).toEqual({ pathname: "/admin/orders", search: "?status=pending&payment=awaiting_payment&q=lucia" });
  expect(asked.at(-1)).toMatchObject({ paymentStatus: PaymentStatus.AWAITING_PAYMENT, query: "lucia", pageToken: "" });
});

it("says when the search is too short", async () => {
  renderAdmin("/admin/orders?q=lu", (router) =>
    router.service(AdminOrderService, { listOrders: () => {
        throw new ConnectError("query: must be at least 3 characters", Code.InvalidArgument);
      } }),
  );
  expect(await screen.findByText("Escreva pelo menos 3 letras, ou um número de encomenda ou um código postal.")).toBeVisible();
});

it("shows an empty desk", async () => {
  renderAdmin("/admin/orders", (router) => router.service(AdminOrderService, { listOrders: () => ({ orders: [], totalSize: 0 }) }));
  expect(await screen.findByText("Nenhuma encomenda encontrada")).toBeVisible();
  expect(screen.getByRole("button", { name: "Mais antigos →" })).toBeDisabled();
});

it.each([
  ["es", "Entrega con comprobación de DNI (+18)"],
  ["pt", "Entrega com verificação de identidade (+18)"],
] as const)("in %s, marks on the desk the orders whose label needs the carrier's ID check", async (language, badge) => {
  renderAdmin(
    "/admin/orders",
    (router) =>
      router.service(AdminOrderService, { listOrders: () => ({ orders: [{ ...order(9, "Lucía"), idCheckRequired: true }, order(8, "João")], totalSize: 2 }) }),
    { language },
  );
  const table = await screen.findByRole("table");
  const row = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
  expect(within(row("Lucía")).getByText(badge)).toBeVisible();
  expect(within(row("João")).queryByText(badge)).toBeNull();
  // The phone cards too.
  expect(screen.getAllByText(badge)).toHaveLength(2);
});

it("keeps a search typed and not yet applied when a select applies, and the select keeps the focus", async () => {
  const asked: ListOrdersRequest[] = [];
  const { user } = renderAdmin(
    "/admin/orders",
    (router) =>
      router.service(AdminOrderService, { listOrders: (req) => {
          asked.push(req);
          return { orders: [order(9, "Lucía")], totalSize: 1 };
        } }),
    { language: "es" },
  );
  await screen.findByRole("table", { name: "Pedidos" });
  const search = screen.getByRole("searchbox", { name: /Buscar/ });
  await user.type(search, "lucia");
  const payment = screen.getByLabelText("Pago");
  await user.selectOptions(payment, "Pendiente de pago");
  expect(currentUrl().search).toBe("?payment=awaiting_payment");
  expect(screen.getByRole("searchbox", { name: /Buscar/ })).toHaveValue("lucia");
  expect(screen.getByLabelText("Pago")).toHaveFocus();
  await user.click(screen.getByRole("button", { name: "Buscar" }));
  expect(currentUrl().search).toBe("?payment=awaiting_payment&q=lucia");
  expect(asked.at(-1)).toMatchObject({ paymentStatus: PaymentStatus.AWAITING_PAYMENT, query: "lucia" });

  // Typed again and cleared before applying: the field empties too.
  await user.type(search, " ana");
  await user.click(screen.getByRole("button", { name: "Quitar filtros" }));
  expect(currentUrl().search).toBe("");
  expect(search).toHaveValue("");
  expect(payment).toHaveValue("0");
});
