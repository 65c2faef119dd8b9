import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, post, screenshot, signIn, takeTransfers, viewports, type Browser, type Page } from "./browser";

// Lots expiring soon (issue 40): from the expiry list the owner starts a
// near-expiry markdown of a lot's product, a promotion of the promotions
// desk, and the shopper sees the reduced price; the owner sets the lots'
// rules and, at packing, picks another lot for an order's line. Spanish at
// desktop; the rules and the packing screen in Portuguese at 360 px. A
// best-before lot sold past its date is labelled on the product's card and
// the cart's line (Spanish, 360 px).

let browser: Browser;
let admin: Page;
const tag = String(Date.now()).slice(-6);
// Óleo de Palma (Dendém) 500 ml, seeded at 5,49 € months ago: its
// promotion has its 30 days of price history.
const productId = "4002";
const lot = `E-${tag}`;
// A lot of the same product whose best-before date passed three days ago.
const pastLot = `P-${tag}`;
let pastLotId = "";
let promotionId = "";
let orderId = "";

/** dni is a valid NIF for the 8 digits given. */
function dni(digits: string): string {
  return digits + "TRWAGMYFPDXBNJZSQVHLCKE"[Number(digits) % 23];
}

/** day is today plus n days in Madrid, YYYY-MM-DD. */
function day(n: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function adminPage(viewport: { width: number; height: number }, language: "es" | "pt"): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "pt" ? "pt-PT" : "es-ES" });
  await context.addInitScript((lang) => {
    localStorage.setItem("language", lang);
  }, language);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.waitForURL(/\/auth\?redirect=/);
  await page.getByRole("button", { name: /Aceitar todos|Aceptar todas/ }).click();
  await signIn(page, "admin@sabores.es");
  await page.waitForURL(`${baseURL}/admin`);
  return page;
}

/** call posts a Connect request as the page's signed-in admin and returns its JSON. */
async function call<T>(page: Page, service: string, method: string, data: object): Promise<T> {
  const res = await post(page, service, method, data);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  browser = await launch();
  await takeTransfers(browser);
  admin = await adminPage(viewports.desktop, "es");
  const { supplier } = await call<{ supplier: { id: string } }>(admin, "AdminSupplierService", "SaveSupplier", {
    name: `Kikuxi Ibérica ${tag}`,
    taxId: dni(`5${tag}2`),
  });
  const received = await call<{ lotIds: string[] }>(admin, "AdminLotService", "ReceiveDelivery", {
    supplierId: supplier.id,
    documentNumber: `ALB-E-${tag}`,
    deliveredOn: day(0),
    lines: [
      { productId, units: 4, lotCode: lot, expiresOn: day(10), dateType: "LOT_DATE_TYPE_BEST_BEFORE" },
      { productId, units: 2, lotCode: pastLot, expiresOn: day(-3), dateType: "LOT_DATE_TYPE_BEST_BEFORE" },
    ],
  });
  pastLotId = received.lotIds[1];
});

afterAll(async () => {
  // The other files see the product at its price and its stock back.
  if (promotionId) await call(admin, "AdminPromotionService", "EndPromotion", { id: promotionId });
  if (orderId) await call(admin, "AdminOrderService", "AdvanceOrder", { id: orderId, action: "ORDER_ACTION_CANCEL", note: "Prueba de lotes" });
  if (pastLotId) await call(admin, "AdminLotService", "SetSellPastBestBefore", { lotId: pastLotId, sell: false });
  await browser.close();
});

describe("expiry", () => {
  it("marks down a lot expiring soon from the list, and the shopper sees the reduced price (es, desktop)", async () => {
    await admin.goto("/admin/lots");
    await admin.getByRole("heading", { level: 1, name: "Lotes que caducan" }).waitFor();
    const row = admin.getByRole("region", { name: "Lotes que caducan en 30 días" }).getByRole("listitem").filter({ hasText: `Lote ${lot}` });
    await row.getByRole("checkbox", { name: new RegExp(`Rebajar Óleo de Palma .*\\(lote ${lot}\\)`) }).check();
    const form = admin.getByRole("region", { name: "Rebaja por caducidad próxima" });
    await form.getByRole("heading", { name: "Rebaja por caducidad próxima de 1 producto" }).waitFor();
    await form.getByLabel("Descuento (%)").fill("20");
    const created = admin.waitForResponse((r) => r.url().includes("/CreatePromotion") && r.ok());
    await form.getByRole("button", { name: "Iniciar la rebaja" }).click();
    promotionId = ((await (await created).json()) as { promotion: { id: string } }).promotion.id;
    await form.getByRole("status").getByText(/^Rebaja iniciada: Óleo de Palma/).waitFor();
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "expiry-markdown-es");

    // The same again overlaps: refused, in words, by the promotions' rules.
    await form.getByRole("button", { name: "Iniciar la rebaja" }).click();
    await form.getByText(/Se solapa con otra promoción de este producto/).waitFor();

    const shopper = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: "es-ES" });
    const page = await shopper.newPage();
    await page.goto(`/producto/${productId}`);
    await page.getByRole("heading", { level: 1, name: /Óleo de Palma/ }).waitFor();
    await page.getByText("-20%").first().waitFor({ timeout: 15_000 });
    await page.locator("main").getByText(/^4,39\s€$/).first().waitFor();
    await page.getByText(/Precio más bajo de los últimos 30 días:\s*5,49\s€/).waitFor();
    await screenshot(page, "expiry-shopper-price-es");
    await shopper.close();
  });

  it("sets the lots' rules and picks another lot at packing, on a phone in Portuguese", async () => {
    const page = await adminPage({ width: 360, height: 740 }, "pt");
    await page.goto("/admin/lots");
    await page.getByRole("link", { name: "Regras dos lotes" }).click();
    await page.waitForURL(/\/admin\/lots\/rules$/);
    await page.getByLabel("Dias à frente").fill("200");
    await page.getByRole("button", { name: "Guardar as regras" }).click();
    await page.getByText("Os dias do aviso são um número inteiro de 1 a 90.").waitFor();
    await page.getByLabel("Dias à frente").fill("30");
    await page.getByLabel("Idioma do aviso").selectOption("pt");
    await page.getByRole("button", { name: "Guardar as regras" }).click();
    await page.getByText("Regras guardadas.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "expiry-rules-pt");

    // An order of one unit, paid and being prepared: FEFO gave it the unknown lot first.
    const placed = await call<{ order: { id: string } }>(page, "OrderService", "PlaceOrder", {
      idempotencyKey: crypto.randomUUID(),
      lines: [{ productId, quantity: 1 }],
      delivery: { name: "Ana Lopes", email: "admin@sabores.es", phone: "+34 600 123 456", address: "Rúa do Porto 3", city: "Burela", postalCode: "27880" },
      paymentMethod: "PAYMENT_METHOD_TRANSFER",
    });
    orderId = placed.order.id;
    await call(page, "AdminOrderService", "AdvanceOrder", { id: orderId, action: "ORDER_ACTION_MARK_PAID" });
    await call(page, "AdminOrderService", "AdvanceOrder", { id: orderId, action: "ORDER_ACTION_START_PREPARING" });

    await page.goto("/admin/lots");
    await page.getByLabel("N.º da encomenda").fill(orderId);
    await page.getByRole("button", { name: "Lotes da encomenda" }).click();
    await page.waitForURL(new RegExp(`/admin/lots/orders/${orderId}$`));
    await page.getByRole("heading", { level: 1, name: `Lotes da encomenda #${orderId}` }).waitFor();
    await page.getByText("1 unidade · Sem lote").waitFor();
    const change = page.getByRole("form", { name: /^Mudar Sem lote de Óleo de Palma/ });
    const choice = await change.locator("option", { hasText: `Lote ${lot} · ` }).getAttribute("value");
    await change.getByLabel("Lote que se tira").selectOption(choice ?? "");
    await screenshot(page, "expiry-packing-choose-pt");
    await change.getByRole("button", { name: "Mudar o lote" }).click();
    await page.getByText(new RegExp(`^1 unidade · Lote ${lot} · `)).waitFor();
    await page.getByText("Mudado na preparação").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "expiry-packing-pt");
    await page.context().close();
  });

  it("labels a best-before lot sold past its date on the card and the cart's line, on a phone (es)", async () => {
    await call(admin, "AdminLotService", "SetSellPastBestBefore", { lotId: pastLotId, sell: true });
    const [y, m, d] = day(-3).split("-");
    const label = `Consumir preferentemente antes del ${d}/${m}/${y} — fecha superada`;
    const shopper = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, locale: "es-ES" });
    const page = await shopper.newPage();
    await page.goto("/buscar?q=dendem");
    await page.getByRole("button", { name: "Aceptar todas" }).click();
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: /Óleo de Palma/ }) });
    await card.getByText(label).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "expiry-past-best-before-card-es");
    await card.getByRole("button", { name: "Añadir al carrito" }).click();
    await page.goto("/cart");
    const cartLine = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Óleo de Palma/ }) });
    await cartLine.getByText(label).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "expiry-past-best-before-cart-es");
    await shopper.close();
  });
});
