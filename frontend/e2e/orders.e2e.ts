import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, rpc, screenshot, signIn, takeTransfers, viewports, waitForMail, type Browser, type BrowserContext, type Page } from "./browser";

// The order desk end to end: a shopper orders by bank transfer, the admin
// finds the order on the desk, marks it paid and ships it, and the shopper
// follows each step on the order page while the e-mails arrive; then a
// shopper cancels a transfer order and its stock comes back. Shopper and
// admin are separate browser profiles, at desktop and phone width, in
// Spanish and Portuguese.

const texts = {
  es: { review: "Revisión", continue: "Continuar", phone: "Teléfono", address: "Dirección", city: "Ciudad", zip: "Código postal", transfer: /^Transferencia bancaria/, confirm: "Confirmación", finish: "Confirmar pedido con obligación de pago", success: "¡Pedido finalizado con éxito!" },
  pt: { review: "Revisão", continue: "Continuar", phone: "Telefone", address: "Morada", city: "Cidade", zip: "Código postal", transfer: /^Transferência bancária/, confirm: "Confirmação", finish: "Encomenda com obrigação de pagamento", success: "Encomenda finalizada com sucesso!" },
} as const;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
  await takeTransfers(browser);
});
afterAll(async () => {
  await browser.close();
});

// stockOf reads the live stock as checkout does (the catalogue's cached
// pages are not dropped for a stock count alone).
async function stockOf(id: number): Promise<number> {
  const res = await rpc<{ lines: { availableStock?: number }[] }>("CartService", "ValidateCart", {
    lines: [{ productId: String(id), quantity: 1 }],
  });
  return res.lines[0].availableStock ?? 0;
}

/** openAs is a fresh profile at width, in language, signed in as email. */
async function openAs(email: string, language: "es" | "pt", viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT" });
  contexts.push(context);
  await context.addInitScript((lang) => localStorage.setItem("language", lang), language);
  const page = await context.newPage();
  await page.goto("/auth");
  await page.getByRole("button", { name: language === "es" ? "Aceptar todas" : "Aceitar todos" }).click();
  await signIn(page, email);
  await page.waitForURL((url) => !/^(\/pt)?\/auth/.test(url.pathname) && !url.pathname.startsWith("/dev-oidc"));
  return page;
}

/** orderByTransfer checks out `quantity` of product id by bank transfer and returns the new order's number. */
async function orderByTransfer(page: Page, language: "es" | "pt", id: number, quantity: number): Promise<number> {
  const t = texts[language];
  const p = (await rpc<{ product: { name: string; priceCents: string; stock: number; imageUrl: string } }>("CatalogService", "GetProduct", { id: String(id) })).product;
  await page.evaluate(
    (item) => localStorage.setItem("cart", JSON.stringify([item])),
    { id, name: p.name, priceCents: Number(p.priceCents), image: p.imageUrl, stock: p.stock, quantity },
  );
  await page.goto("/cart");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await page.getByRole("heading", { name: t.review, level: 2 }).waitFor();
  await page.getByRole("button", { name: t.continue }).click();
  await page.getByLabel(t.phone).fill("+34 600 123 456");
  await page.getByLabel(t.address).fill("Rúa Rosalía de Castro 12");
  await page.getByLabel(t.city).fill("Burela");
  await page.getByLabel(t.zip).fill("27880");
  await page.getByRole("button", { name: t.continue }).click();
  await page.getByLabel(t.transfer).check();
  await page.getByRole("button", { name: t.continue }).click();
  await page.getByRole("heading", { name: t.confirm, level: 2 }).waitFor();
  const placed = page.waitForResponse((r) => r.url().includes("/PlaceOrder") && r.ok());
  await page.getByRole("button", { name: t.finish }).click();
  const res = (await (await placed).json()) as { order: { id: string } };
  await page.getByText(t.success).waitFor();
  return Number(res.order.id);
}

describe("an order by transfer through the desk", () => {
  let shopper: Page;
  let admin: Page;
  let orderId = 0;

  it("is placed by the shopper and its confirmation e-mail arrives", async () => {
    shopper = await openAs("maria@example.com", "es", viewports.desktop);
    orderId = await orderByTransfer(shopper, "es", 1001, 1);
    await waitForMail("maria@example.com", new RegExp(`^Hemos recibido tu pedido #${orderId} `));
    await shopper.goto("/orders");
    await shopper.getByRole("link", { name: `Pedido #${orderId}` }).click();
    await shopper.waitForURL(`${baseURL}/orders/${orderId}`);
    const history = shopper.getByRole("region", { name: "Estado del pedido" });
    await history.getByText("Pedido recibido").waitFor();
    await shopper.getByRole("button", { name: "Cancelar pedido" }).waitFor();
    await expectNoSeriousA11yViolations(shopper);
    await screenshot(shopper, "order-placed");
  });

  it("is found on the desk by the admin at phone width, in Portuguese", async () => {
    admin = await openAs("admin@sabores.es", "pt", viewports.phone);
    await admin.goto("/admin/orders");
    await admin.getByRole("heading", { name: "Encomendas", level: 1 }).waitFor();
    await admin.getByLabel("Pagamento").selectOption({ label: "Aguardando pagamento" });
    await admin.waitForURL(/payment=awaiting_payment/);
    // Typed while the payment filter just chosen is still loading: the text stays.
    await admin.getByRole("searchbox", { name: /Pesquisar/ }).fill(String(orderId));
    await admin.getByRole("button", { name: "Pesquisar", exact: true }).click();
    await admin.waitForURL(new RegExp(`q=${orderId}`));
    // Cards at phone width: the table is not shown.
    const card = admin.getByRole("listitem").filter({ hasText: `Encomenda n.º ${orderId}` });
    await card.getByText("Aguardando pagamento").waitFor();
    expect(await admin.getByRole("table").isVisible()).toBe(false);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "admin-orders");
    await card.getByRole("link", { name: `Encomenda n.º ${orderId}` }).click();
    await admin.waitForURL(`${baseURL}/admin/orders/${orderId}`);
  });

  it("is marked paid, and the shopper sees it and gets the e-mail", async () => {
    const actions = admin.getByRole("region", { name: "Ações" });
    await actions.getByRole("button", { name: "Marcar como pago" }).click();
    const dialog = admin.getByRole("dialog", { name: "Marcar como pago" });
    await dialog.getByLabel("Referência do pagamento (opcional)").fill("TRF-2026-118");
    await dialog.getByRole("button", { name: "Confirmar o pagamento" }).click();
    await admin.getByText("Pagamento registado.").waitFor();
    await actions.getByRole("button", { name: "Começar a preparar" }).waitFor();
    expect(await actions.getByRole("button", { name: "Marcar como pago" }).count()).toBe(0);
    await admin.getByText("TRF-2026-118").waitFor();

    await shopper.reload();
    await shopper.getByRole("region", { name: "Estado del pedido" }).getByText("Pago recibido").waitFor();
    await waitForMail("maria@example.com", new RegExp(`^Pago recibido del pedido #${orderId} `));
  });

  it("is prepared and shipped with a tracking number; the shopper follows the link", async () => {
    const actions = admin.getByRole("region", { name: "Ações" });
    await actions.getByRole("button", { name: "Começar a preparar" }).click();
    await admin.getByText("Encomenda em preparação.").waitFor();
    await shopper.reload();
    await shopper.getByRole("region", { name: "Lo estamos preparando" }).waitFor();
    await shopper.getByRole("region", { name: "Estado del pedido" }).getByText("Preparación iniciada").waitFor();
    // Being prepared: the shopper may no longer cancel.
    expect(await shopper.getByRole("button", { name: "Cancelar pedido" }).count()).toBe(0);

    await actions.getByRole("button", { name: "Enviar" }).click();
    const dialog = admin.getByRole("dialog", { name: "Enviar" });
    await dialog.getByLabel("Transportadora").fill("Correos");
    await dialog.getByLabel("Número de seguimento").fill("PQ4B2X0012345");
    await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
    await admin.getByText("Encomenda enviada.").waitFor();
    await actions.getByRole("button", { name: "Marcar como entregue" }).waitFor();
    await admin.getByRole("region", { name: "Histórico" }).getByText("Enviada").waitFor();
    await screenshot(admin, "admin-order");

    await shopper.reload();
    await shopper.getByRole("region", { name: "Estado del pedido" }).getByText("Enviado").waitFor();
    const link = shopper.getByRole("link", { name: /Seguir el envío PQ4B2X0012345/ });
    expect(await link.getAttribute("href")).toBe(
      "https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=PQ4B2X0012345",
    );
    await expectNoSeriousA11yViolations(shopper);
    await screenshot(shopper, "order-shipped");
    const shipped = await waitForMail("maria@example.com", new RegExp(`^Tu pedido #${orderId} está en camino `));
    const received = await waitForMail("maria@example.com", new RegExp(`^Hemos recibido tu pedido #${orderId} `));
    expect(shipped).toHaveLength(1);
    expect(received).toHaveLength(1);
  });

  it("prints a packing slip without prices", async () => {
    await admin.goto(`/admin/orders/${orderId}/packing-slip`);
    await admin.getByRole("heading", { name: `Guia de remessa da encomenda n.º ${orderId}` }).waitFor();
    await admin.emulateMedia({ media: "print" });
    expect(await admin.getByRole("button", { name: "Imprimir" }).isVisible()).toBe(false);
    expect(await admin.getByText("Sabores · Administração").isVisible()).toBe(false);
    expect(await admin.locator("main").textContent()).not.toMatch(/€/);
    await screenshot(admin, "packing-slip");
    await admin.emulateMedia({ media: "screen" });
  });

  it("shows the desk as a table at desktop width", async () => {
    await admin.setViewportSize(viewports.desktop);
    await admin.goto("/admin/orders?status=shipped");
    const row = admin.getByRole("table", { name: "Encomendas" }).getByRole("row").filter({ hasText: `Encomenda n.º ${orderId}` });
    await row.getByText("Pago", { exact: true }).waitFor();
    await row.getByText("Enviada").waitFor();
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "admin-orders");
  });
});

describe("a transfer order the shopper cancels", () => {
  it("gives its stock back, in Portuguese at phone width", async () => {
    const page = await openAs("joao@example.com", "pt", viewports.phone);
    const before = await stockOf(1001);
    const id = await orderByTransfer(page, "pt", 1001, 2);
    expect(await stockOf(1001)).toBe(before - 2);
    await page.goto(`/orders/${id}`);
    await page.getByRole("region", { name: "Estado da encomenda" }).getByText("Encomenda recebida").waitFor();
    await page.getByRole("button", { name: "Cancelar encomenda" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Cancelar a encomenda #${id}?` });
    await dialog.getByLabel("Porquê? (opcional)").fill("Enganei-me na quantidade");
    await screenshot(page, "order-cancel-dialog");
    await dialog.getByRole("button", { name: "Sim, cancelar a encomenda" }).click();
    await page.getByText("Encomenda cancelada. Enviámos-lhe um e-mail.").waitFor();
    await page.getByRole("region", { name: "Estado da encomenda" }).getByText("Enganei-me na quantidade").waitFor();
    expect(await page.getByRole("button", { name: "Cancelar encomenda" }).count()).toBe(0);
    expect(await stockOf(1001)).toBe(before);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "order-cancelled");
    await waitForMail("joao@example.com", new RegExp(`^Encomenda #${id} cancelada `));
  });
});

describe("a transfer order paid, then cancelled by the shop", () => {
  it("has its bank refund recorded on the desk at phone width, and the shopper is e-mailed", async () => {
    const shopper = await openAs("maria@example.com", "es", viewports.desktop);
    const id = await orderByTransfer(shopper, "es", 1001, 1);
    const admin = await openAs("admin@sabores.es", "es", { width: 360, height: 780 });
    await admin.goto(`/admin/orders/${id}`);
    const actions = admin.getByRole("region", { name: "Acciones" });
    await actions.getByRole("button", { name: "Marcar como pagado" }).click();
    await admin.getByRole("dialog", { name: "Marcar como pagado" }).getByRole("button", { name: "Confirmar el pago" }).click();
    await admin.getByText("Pago registrado.").waitFor();
    await actions.getByRole("button", { name: "Cancelar pedido" }).click();
    const cancel = admin.getByRole("alertdialog", { name: "Cancelar pedido" });
    await cancel.getByLabel("Motivo (lo verá el cliente)").fill("Producto agotado en el almacén");
    await cancel.getByRole("button", { name: "Cancelar el pedido" }).click();
    await admin.getByText("Pedido cancelado; el stock ha vuelto.").waitFor();

    const refunds = admin.getByRole("region", { name: "Devoluciones" });
    await refunds.getByText("Aún no se ha devuelto nada de este pedido.").waitFor();
    await refunds.getByRole("button", { name: "Registrar devolución por transferencia" }).click();
    const dialog = admin.getByRole("dialog", { name: "Registrar devolución por transferencia" });
    expect(await dialog.getByLabel("Importe devuelto (€)").inputValue()).toMatch(/^\d+,\d{2}$/);
    await dialog.getByLabel("Referencia de la transferencia").fill("DEV-2026-0042");
    await dialog.getByLabel("Fecha de la transferencia").fill("2026-01-10");
    await screenshot(admin, "admin-bank-refund-dialog");
    await dialog.getByRole("button", { name: "Registrar la devolución" }).click();
    await admin.getByText("Devolución registrada; el cliente recibirá un e-mail.").waitFor();
    await refunds.getByText("Referencia DEV-2026-0042, del 2026-01-10").waitFor();
    expect(await refunds.getByRole("button", { name: "Registrar devolución por transferencia" }).count()).toBe(0);
    await admin.getByRole("region", { name: "Historial" }).getByText(/DEV-2026-0042/).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "admin-bank-refund");

    const mails = await waitForMail("maria@example.com", new RegExp(`^Te hemos devuelto el importe del pedido #${id} `));
    expect(mails).toHaveLength(1);
    await shopper.goto(`/orders/${id}`);
    await shopper.getByRole("region", { name: "Estado del pedido" }).getByText("Importe devuelto").first().waitFor();
  });
});
