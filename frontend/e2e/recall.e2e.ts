import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, post, rpc, screenshot, signIn, takeTransfers, viewports, waitForMail, type Browser, type Page } from "./browser";

// A recall (issue 40, Reg. 178/2002 arts. 18 and 19), desktop, Spanish:
// the owner receives two lots of one product with different dates; a
// shopper buys three units online and a customer one at the till; the
// packing slip picks the earlier lot; the owner recalls that lot: its
// stock leaves the storefront at once, the shopper gets the recall e-mail
// once, and the authority's CSV and PDF name the supplier and the orders.
// The recall screen again on a 360 px phone in Portuguese.

let browser: Browser;
let admin: Page;
const tag = String(Date.now()).slice(-6);
// A seeded shopper, whose profile fills the delivery name.
const shopperEmail = "maria@example.com";
const product = `Tapioca de retirada ${tag}`;
const supplier = `Proveedor retirada ${tag}`;
const lotA = `RA-${tag}`;
const lotB = `RB-${tag}`;
const downloads = join("/tmp", `recall-e2e-${tag}`);
let productId = "";
let orderId = 0;
let tillSaleId = "";

/** withCheck completes 12 digits to an EAN-13 with its GS1 check digit. */
function withCheck(payload: string): string {
  const sum = [...payload].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return payload + String((10 - (sum % 10)) % 10);
}
const ean = withCheck(`84${tag}0650`);

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

/** open is a fresh profile at viewport in language, cookies decided, signed in as email through the built-in provider. */
async function open(language: "es" | "pt", viewport: { width: number; height: number }, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT", acceptDownloads: true });
  await context.addInitScript((language) => {
    localStorage.setItem("language", language);
    localStorage.setItem("cookieBannerShown", "true");
    localStorage.setItem(
      "cookiePreferences",
      JSON.stringify({ technical: true, analytics: false, marketing: false, personalization: false, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }),
    );
  }, language);
  const page = await context.newPage();
  await page.goto("/auth");
  await signIn(page, email);
  await page.waitForURL((url) => !/^(\/pt)?\/auth/.test(url.pathname) && !url.pathname.startsWith("/dev-oidc"));
  return page;
}

/** call posts a Connect JSON request as the page's signed-in person. */
async function call<T>(page: Page, service: string, method: string, data: object): Promise<T> {
  const res = await post(page, service, method, data);
  expect(res.status(), `${method}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** webStock is what the web shop can sell of the product, read live as its checkout does. */
async function webStock(): Promise<number> {
  const res = await rpc<{ lines: { availableStock?: number }[] }>("CartService", "ValidateCart", { lines: [{ productId, quantity: 1 }] });
  return res.lines[0]?.availableStock ?? 0;
}

/** pdfText is the text of a PDF, through poppler's pdftotext. */
function pdfText(path: string): string {
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
}

beforeAll(async () => {
  mkdirSync(downloads, { recursive: true });
  browser = await launch();
  await takeTransfers(browser);
  admin = await open("es", viewports.desktop, "admin@sabores.es");
  // A food on sale, with its food information, and none in stock before
  // the delivery: every unit it sells is of a lot.
  productId = (
    await call<{ product: { id: string } }>(admin, "AdminProductService", "CreateProduct", {
      details: { name: product, code: `RCL-${tag}`, sku: `RCL-${tag}`, ean, category: "alimentos", price: "3,20", vatRate: "10", onlineCategories: [], shippingWeightGrams: "500" },
      initialStock: 0,
    })
  ).product.id;
  await call(admin, "AdminProductService", "UpdateProductContent", {
    content: {
      productId, nameEs: product, isFood: true, flags: {},
      foodInfo: {
        ingredientsEs: "Fécula de mandioca.", netQuantity: "500", netUnit: "QUANTITY_UNIT_G",
        operatorName: "Brasil Sabor S.L.", operatorAddress: "Rúa do Porto 3, 27880 Burela",
      },
    },
  });
  await call(admin, "AdminProductService", "PublishProduct", { id: productId, published: true });
});
afterAll(async () => {
  await browser.close();
});

describe("a recall of the earlier lot", () => {
  it("receives two lots of the product with different dates", async () => {
    const saved = await call<{ supplier: { id: string } }>(admin, "AdminSupplierService", "SaveSupplier", {
      name: supplier, taxId: dni(`5${tag}2`), contactName: "Marta", email: "pedidos@proveedor.test", phone: "+34 982 000 000", productIds: [productId],
    });
    await call(admin, "AdminLotService", "ReceiveDelivery", {
      supplierId: saved.supplier.id, documentNumber: `ALB-R-${tag}`, deliveredOn: day(0),
      lines: [
        { productId, units: 40, lotCode: lotB, expiresOn: day(200), dateType: "LOT_DATE_TYPE_BEST_BEFORE" },
        { productId, units: 30, lotCode: lotA, expiresOn: day(60), dateType: "LOT_DATE_TYPE_BEST_BEFORE" },
      ],
    });
    await expect.poll(webStock, { timeout: 15_000 }).toBe(70);
  });

  it("sells three units online and one at the till", async () => {
    const shopper = await open("es", viewports.desktop, shopperEmail);
    // The order as the checkout places it (the checkout's screens are
    // walked in orders.e2e.ts), by transfer, in Spanish.
    await shopper.goto("/cart");
    const placed = await call<{ order: { id: string } }>(shopper, "OrderService", "PlaceOrder", {
      idempotencyKey: randomUUID(),
      lines: [{ productId, quantity: 3 }],
      delivery: { name: "María", email: shopperEmail, phone: "+34 600 123 456", address: "Rúa Rosalía de Castro 12", city: "Burela", postalCode: "27880" },
      paymentMethod: "PAYMENT_METHOD_TRANSFER",
    });
    orderId = Number(placed.order.id);
    await shopper.context().close();

    // The till: the owner sells one unit over the counter, by card. A
    // day another file closed is opened no more: then the till's sale
    // is left out, and said.
    const opened = await post(admin, "TillService", "OpenDay", { floatCents: "0" });
    if (opened.status() !== 200) console.warn(`the day was not opened: ${opened.status()} ${await opened.text()}`);
    const sold = await post(admin, "TillService", "Sell", {
      idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }], payments: [{ method: "TILL_PAYMENT_METHOD_CARD", amountCents: "320" }],
    });
    if (sold.status() === 200) tillSaleId = ((await sold.json()) as { sale: { id: string } }).sale.id;
    else console.warn(`the till's sale was left out: ${sold.status()} ${await sold.text()}`);
    await expect.poll(webStock, { timeout: 15_000 }).toBe(tillSaleId ? 66 : 67);
  });

  it("prints the packing slip with the earlier lot and ships the order", async () => {
    await call(admin, "AdminOrderService", "AdvanceOrder", { id: String(orderId), action: "ORDER_ACTION_MARK_PAID" });
    await call(admin, "AdminOrderService", "AdvanceOrder", { id: String(orderId), action: "ORDER_ACTION_START_PREPARING" });
    const slip = await call<{ pdf: string }>(admin, "AdminParcelService", "GetPackingSlipPdf", { orderId: String(orderId), language: "SLIP_LANGUAGE_ES" });
    const path = join(downloads, "slip.pdf");
    writeFileSync(path, Buffer.from(slip.pdf, "base64"));
    const text = pdfText(path);
    expect(text).toMatch(new RegExp(`3\\s*×\\s*Lote ${lotA}`));
    expect(text).not.toContain(lotB);
    // Shipped: a recall serves an order not yet shipped from a lot on
    // sale instead (lots_test), this one reached the shopper.
    await call(admin, "AdminOrderService", "AdvanceOrder", {
      id: String(orderId), action: "ORDER_ACTION_SHIP", carrier: "Correos", trackingNumber: `PQ${tag}`, confirmOffDay: true,
    });
  });

  it("recalls that lot: blocked at once, listed with the shopper, e-mailed once, exported", async () => {
    await admin.goto("/admin");
    await admin.getByRole("link", { name: /Retiradas de lotes/ }).click();
    await admin.waitForURL(/\/admin\/recalls$/);
    await admin.getByLabel("Código de barras del producto").fill(ean);
    await admin.getByRole("button", { name: "Buscar" }).click();
    await admin.getByText(product, { exact: true }).waitFor();
    await admin.getByRole("checkbox", { name: new RegExp(`Lote ${lotA}`) }).check();
    await admin.getByLabel("Motivo").fill("Posible presencia de cuerpos extraños (plástico) en el envase.");
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "recall-new-es");
    await admin.getByRole("button", { name: "Retirar los lotes" }).click();
    const dialog = admin.getByRole("alertdialog", { name: "¿Retirar estos lotes?" });
    await dialog.getByText(new RegExp(`lotes ${lotA}`)).waitFor();
    await dialog.getByRole("button", { name: "Sí, retirar" }).click();
    await admin.waitForURL(/\/admin\/recalls\/\d+$/);
    const recallId = admin.url().split("/").pop() ?? "";

    // Its units on the shelf left the web at once: the later lot's 40 remain.
    await expect.poll(webStock, { timeout: 15_000 }).toBe(40);

    const forward = admin.getByRole("region", { name: /Un paso adelante/ });
    const sale = forward.getByTestId("recall-sale").filter({ hasText: `Pedido #${orderId}` });
    await sale.getByText(shopperEmail).waitFor();
    await sale.getByText("3 unidades", { exact: false }).waitFor();
    if (tillSaleId) await forward.getByTestId("recall-sale").filter({ hasText: `Venta en tienda #${tillSaleId}` }).waitFor();
    await admin.getByRole("region", { name: /Un paso atrás/ }).getByText(new RegExp(supplier)).waitFor();
    await admin.getByText(tillSaleId ? "26 bloqueadas" : "27 bloqueadas").waitFor();

    // The shopper's e-mail, once, however long we wait.
    const subject = new RegExp(`^Aviso importante: retiramos un producto de tu pedido #${orderId} `);
    expect(await waitForMail(shopperEmail, subject)).toHaveLength(1);
    await admin.reload();
    await sale.getByText(/Aviso enviado el/).waitFor();
    await new Promise((r) => setTimeout(r, 3000));
    expect(await waitForMail(shopperEmail, subject)).toHaveLength(1);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "recall-es");

    // The authority's files: one step back (the supplier, its delivery
    // note) and one forward (the orders).
    const [csv] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("button", { name: /\(CSV\)/ }).click()]);
    const csvPath = join(downloads, csv.suggestedFilename());
    await csv.saveAs(csvPath);
    const csvText = readFileSync(csvPath, "utf8");
    expect(csvText).toContain(supplier);
    expect(csvText).toContain(`ALB-R-${tag}`);
    expect(csvText).toMatch(new RegExp(`adelante,${lotA},.*,${orderId},.*,3\\n`));
    if (tillSaleId) expect(csvText).toContain(`,${tillSaleId},`);
    expect(csvText).not.toContain(shopperEmail);
    expect(csvText).not.toContain("María");
    const [pdf] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("button", { name: /\(PDF\)/ }).click()]);
    const pdfPath = join(downloads, pdf.suggestedFilename());
    await pdf.saveAs(pdfPath);
    const text = pdfText(pdfPath);
    expect(text).toContain(supplier);
    expect(text).toContain(String(orderId));
    expect(pdf.suggestedFilename()).toBe(`retirada-${recallId}.pdf`);
  });

  it("shows the recall on a 360 px phone in Portuguese", async () => {
    const page = await open("pt", { width: 360, height: 740 }, "admin@sabores.es");
    await page.goto("/admin/recalls");
    await page.getByRole("heading", { level: 1, name: "Recolhas de lotes" }).waitFor();
    await page.getByRole("link", { name: new RegExp(`${product} \\(lotes ${lotA}\\)`) }).click();
    await page.getByRole("region", { name: /Um passo à frente/ }).getByText(shopperEmail).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "recall-pt");
    await page.context().close();
  });
});
