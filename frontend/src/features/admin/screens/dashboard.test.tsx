import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminCustomerService, CustomerSchema, type ListCustomersRequest } from "@gen/sabores/v1/admin_customer_service_pb";
import { AdminDashboardService } from "@gen/sabores/v1/admin_dashboard_service_pb";
import { AdminOrderService, type ListOrdersRequest, OrderView } from "@gen/sabores/v1/admin_order_service_pb";
import { OrderSchema, OrderStatus } from "@gen/sabores/v1/types_pb";

const customers = Array.from({ length: 23 }, (_, i) =>
  create(CustomerSchema, { id: BigInt(i + 1), name: `Cliente ${i + 1}`, email: `c${i + 1}@example.com`, active: true }),
);

const orders = [
  create(OrderSchema, { id: 3n, status: OrderStatus.COMPLETED, totalCents: 1347n, customerEmail: "maria@example.com" }),
  create(OrderSchema, { id: 2n, status: OrderStatus.PENDING, totalCents: 999n }),
  create(OrderSchema, { id: 1n, status: OrderStatus.CANCELLED, totalCents: 500n }),
  create(OrderSchema, {
    id: 4n,
    status: OrderStatus.UNSPECIFIED,
    statusText: "devolvido",
    totalCents: 100n,
    createTime: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
  }),
];

// customerPage serves the 23 customers 10 at a time by tokens "after:N"
// (the page after customer N) and "before:N" (the page before N), as the
// server's keyset paging does.
function customerPage(req: ListCustomersRequest) {
  const [dir, at] = req.pageToken.split(":");
  const n = Number(at ?? 0);
  const start = dir === "before" ? Math.max(0, n - 1 - req.pageSize) : n;
  const page = customers.slice(start, start + req.pageSize);
  const last = start + page.length;
  return {
    customers: page,
    totalSize: customers.length,
    nextPageToken: last < customers.length ? `after:${last}` : "",
    previousPageToken: start > 0 ? `before:${start + 1}` : "",
  };
}

describe("admin dashboard", () => {
  it("shows 10 customers with 'Mostrando 10 de N', the rest page by page, and the status colours", async () => {
    const asked: ListCustomersRequest[] = [];
    const askedOrders: ListOrdersRequest[] = [];
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => ({ orderCount: 12345, revenueCents: 2846n, averageTicketCents: 949n }) }); router.service(AdminOrderService, { listOrders: (req) => {
          askedOrders.push(req);
          return { orders, totalSize: 4 };
        } }); router.service(AdminCustomerService, { listCustomers: (req) => {
          asked.push(req);
          return customerPage(req);
        } }); },
    );
    expect(await screen.findByText("Mostrando 10 de 23")).toBeInTheDocument();
    expect(asked[0]).toMatchObject({ pageToken: "", pageSize: 10 });
    // The recent orders show no lines, so they ask for none.
    expect(askedOrders[0]).toMatchObject({ view: OrderView.BASIC });
    expect(screen.getByText("Página 1 de 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    expect(await screen.findByText("Cliente 11")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    expect(await screen.findByText("Mostrando 3 de 23")).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ pageToken: "after:20" });
    expect(screen.getByText("Página 3 de 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Seguinte" })).toBeDisabled();

    expect(screen.getByText("Entregue")).toHaveClass("bg-green-100");
    expect(screen.getByText("Em curso")).toHaveClass("bg-yellow-100");
    expect(screen.getByText("Cancelada")).toHaveClass("bg-red-100");
    expect(screen.getByText("devolvido")).toHaveClass("bg-stone-200");
    expect(screen.getByText(/28,46\s€/)).toBeInTheDocument();
    // European Portuguese, as every other number of the shop: "12 345", not Brazil's "12.345".
    expect(screen.getByText(/^12\s345$/)).toBeInTheDocument();
    for (const to of ["/admin/config", "/admin/products-by-country", "/admin/google-auth-config", "/admin/api-keys"]) {
      expect(document.querySelector(`a[href="${to}"]`)).not.toBeNull();
    }
  });

  it("says so when there are no customers, and reports failures with 'Tentar Novamente'", async () => {
    let fail = true;
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => {
          if (fail) throw new ConnectError("down", Code.Unavailable);
          return { orderCount: 0 };
        } }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) }); },
    );
    expect(await screen.findByText("Nenhum cliente registado ainda")).toBeInTheDocument();
    expect(await screen.findByText("Erro ao carregar dados")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Tentar Novamente" }));
    expect(await screen.findByText("Ainda não há vendas.")).toBeInTheDocument();
  });

  it.each([
    {
      language: "es" as const,
      emails: "3 e-mails sin enviar desde hace más de 15 minutos",
      verifactu: "1 registro VeriFactu sin aceptar desde hace más de 1 hora",
      refunds: "devoluciones sin completar",
    },
    {
      language: "pt" as const,
      emails: "3 e-mails por enviar há mais de 15 minutos",
      verifactu: "1 registo VeriFactu por aceitar há mais de 1 hora",
      refunds: "reembolsos por concluir",
    },
  ])("shows the stuck work in red, with where to look ($language)", async ({ language, emails, verifactu, refunds }) => {
    renderAdmin(
      "/admin",
      (router) =>
        { router.service(AdminDashboardService, { getDashboardStats: () => ({ stuck: { emails: 3n, refunds: 0n, verifactuRecords: 1n } }) }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) }); },
      { language },
    );
    const line = await screen.findByText(emails);
    expect(line.closest("li")?.querySelector('a[href="/admin/emails"]')).not.toBeNull();
    expect(screen.getByText(verifactu).closest("li")?.querySelector('a[href="/admin/invoices"]')).not.toBeNull();
    expect(screen.queryByText(new RegExp(refunds))).toBeNull();
  });

  it("shows no stuck work when nothing is stuck", async () => {
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => ({ orderCount: 1, stuck: { emails: 0n, refunds: 0n, verifactuRecords: 0n } }) }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) }); },
    );
    expect(await screen.findByText("Ainda não há vendas.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Precisa da sua atenção" })).toBeNull();
  });

  it.each([
    { language: "es" as const, title: "Productos que contar" },
    { language: "pt" as const, title: "Produtos a contar" },
  ])("asks the owner to count what the till sold below the count ($language)", async ({ language, title }) => {
    renderAdmin(
      "/admin",
      (router) => {
        router.service(AdminDashboardService, {
          getDashboardStats: () => ({ orderCount: 1, countNeeded: [{ productId: 1005n, name: "Queso de Arzúa", stock: -2n }] }),
        });
        router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) });
        router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) });
      },
      { language },
    );
    const section = await screen.findByRole("region", { name: title });
    expect(section.querySelector('a[href="/admin/catalogue/1005"]')?.textContent).toBe("Queso de Arzúa");
    expect(section).toHaveTextContent("stock -2");
  });

  it("shows no average ticket while nothing is paid", async () => {
    renderAdmin("/admin", (router) => {
      router.service(AdminDashboardService, { getDashboardStats: () => ({ orderCount: 2, revenueCents: 0n, averageTicketCents: 0n }) });
      router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) });
      router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) });
    });
    const label = await screen.findByText("Ticket médio");
    expect(label.nextElementSibling?.textContent).toBe("—");
  });

  it("shows the customers' error with the server's message", async () => {
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => ({}) }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: () => {
          throw new ConnectError("base de dados indisponível", Code.Internal);
        } }); },
    );
    expect(await screen.findByText("Erro ao carregar clientes: base de dados indisponível")).toBeInTheDocument();
  });

  it("walks the customers forward and back by the server's tokens, from the keyboard", async () => {
    const asked: ListCustomersRequest[] = [];
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => ({}) }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: (req) => {
          asked.push(req);
          return customerPage(req);
        } }); },
    );
    expect(await screen.findByText("Cliente 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anterior" })).toBeDisabled();
    screen.getByRole("button", { name: "Seguinte" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Cliente 11")).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Cliente 21")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Anterior" }));
    expect(await screen.findByText("Cliente 11")).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ pageToken: "before:21" });
    expect(screen.getByText("Página 2 de 3")).toBeInTheDocument();
    // Back to page 1 is the first page itself (here from the cache), not a token.
    await userEvent.click(screen.getByRole("button", { name: "Anterior" }));
    expect(await screen.findByText("Cliente 1")).toBeInTheDocument();
    expect(asked.map((r) => r.pageToken)).not.toContain("before:11");
    expect(screen.getByText("Página 1 de 3")).toBeInTheDocument();
  });

  it("offers the first page when the server refuses a page's token", async () => {
    renderAdmin("/admin", (router) =>
      { router.service(AdminDashboardService, { getDashboardStats: () => ({}) }); router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) }); router.service(AdminCustomerService, { listCustomers: (req) => {
          if (req.pageToken) throw new ConnectError("page_token: is not a page token this list gave", Code.InvalidArgument);
          return customerPage(req);
        } }); },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Seguinte" }));
    expect(await screen.findByText("Esta página de clientes já não está disponível.")).toBeInTheDocument();
    expect(screen.queryByText(/page_token/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Voltar à primeira página" }));
    expect(await screen.findByText("Cliente 1")).toBeInTheDocument();
  });
});

// Issue 37: the dashboard counts money actually paid, less refunds, per
// labelled period, and says so when a period has none.
describe("money paid by period", () => {
  it.each([
    ["es", "Cobrado", "Hoy", "Últimos 30 días", "Nada cobrado ni reembolsado.", "Cobrado (1 pedido)", "Neto", "Reembolsado", "Importe de los pedidos (pagados o no)", "De ello, en la tienda física"],
    ["pt", "Recebido", "Hoje", "Últimos 30 dias", "Nada recebido nem reembolsado.", "Recebido (1 encomenda)", "Líquido", "Reembolsado", "Valor das encomendas (pagas ou não)", "Dos quais, na loja física"],
  ] as const)("in %s, shows each period's net, paid and refunded, with its days", async (language, title, today, month30, nothing, paid, net, refunded, ordersValue, store) => {
    renderAdmin(
      "/admin",
      (router) => {
        router.service(AdminDashboardService, {
          getDashboardStats: () => ({
            orderCount: 3,
            revenueCents: 10402n,
            paidPeriods: [
              { period: "today", fromDay: "2026-11-29", toDay: "2026-11-29" },
              { period: "last_30_days", fromDay: "2026-10-31", toDay: "2026-11-29", paidOrders: 1, paidCents: 5531n, refundedCents: 531n, netCents: 5000n, storeCents: 1200n },
            ],
          }),
        });
        router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) });
        router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) });
      },
      { language },
    );
    const section = await screen.findByRole("region", { name: title });
    const todayCard = within(section).getByRole("listitem", { name: today });
    expect(within(todayCard).getByText(nothing)).toBeVisible();
    expect(within(todayCard).getByText(/^29 de (noviembre|novembro) \(hora de Madrid\)$/)).toBeVisible();
    const card = within(section).getByRole("listitem", { name: month30 });
    expect(within(card).getByText(/^31 de (octubre|outubro) – 29 de (noviembre|novembro) \(hora de Madrid\)$/)).toBeVisible();
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value(net)).toMatch(/^50,00\s€$/);
    expect(value(paid)).toMatch(/^55,31\s€$/);
    expect(value(refunded)).toMatch(/^−5,31\s€$/);
    // The till's sales are money paid too, and the card says how much.
    expect(value(store)).toMatch(/^12,00\s€$/);
    // Orders placed, paid or not, are named as such.
    expect(screen.getByText(ordersValue).nextElementSibling?.textContent).toMatch(/^104,02\s€$/);
  });
});

// Issue 37: the daily chart and the best sellers count money paid, net of
// refunds, the till included, and say over which days.
describe("daily money and best sellers", () => {
  it.each([
    ["es", "Cobrado por día, neto de reembolsos, tienda física incluida (últimos 30 días, hora de Madrid)", ["Día", "Pedidos pagados (tienda incluida)", "Cobrado", "Reembolsado", "Cobrado neto (tienda incluida)"], /^Unidades pagadas, menos las devueltas, tienda física incluida: 31 de octubre – 29 de noviembre \(hora de Madrid\)\.$/, "3 unidades"],
    ["pt", "Recebido por dia, líquido de reembolsos, loja física incluída (últimos 30 dias, hora de Madrid)", ["Dia", "Encomendas pagas (loja física incluída)", "Recebido", "Reembolsado", "Recebido líquido (loja física incluída)"], /^Unidades pagas, menos as devolvidas, loja física incluída: 31 de outubro – 29 de novembro \(hora de Madrid\)\.$/, "3 unidades"],
  ] as const)("in %s, the table holds each day's paid orders and money, and the best sellers their days", async (language, title, headers, span, units) => {
    renderAdmin(
      "/admin",
      (router) => {
        router.service(AdminDashboardService, {
          getDashboardStats: () => ({
            // Placed, not paid: the chart and its table do not show these.
            orderCount: 9,
            daily: [{ date: "2026-11-29", orderCount: 9, revenueCents: 99999n, paidOrders: 2, paidCents: 2050n, refundedCents: 250n, netCents: 1800n, storeCents: 750n }],
            bestSellers: [{ productId: 1001n, name: "Guaraná Antarctica", quantity: 3, revenueCents: 750n }],
            bestSellersFromDay: "2026-10-31",
            bestSellersToDay: "2026-11-29",
          }),
        });
        router.service(AdminOrderService, { listOrders: () => ({ orders: [] }) });
        router.service(AdminCustomerService, { listCustomers: () => ({ customers: [], totalSize: 0 }) });
      },
      { language },
    );
    const table = await screen.findByRole("table", { name: title });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(headers);
    const cells = within(table).getAllByRole("cell").map((c) => c.textContent?.replace(/\s/g, " "));
    expect(cells).toEqual(["2", "20,50 €", "2,50 €", "18,00 €"]);
    const best = screen.getByRole("heading", { name: language === "es" ? "Más vendidos" : "Mais vendidos" }).closest("section");
    expect(within(best as HTMLElement).getByText(span)).toBeVisible();
    expect(within(best as HTMLElement).getByText(units)).toBeVisible();
  });
});
