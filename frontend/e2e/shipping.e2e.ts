import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import {
  baseURL,
  expectNoSeriousA11yViolations,
  launch,
  screenshot,
  signInAt,
  takeTransfers,
  viewports,
  waitForMail,
  type Browser,
  type BrowserContext,
  type Page,
} from "./browser";

// Issue 33 on a phone, in Portuguese, against the default rates (migration
// 00380) and the sample catalogue's weights: a 20 € cart to Lugo pays the
// standard rate, a 35 € one ships free, a frozen item takes the cold chain
// with its dispatch day, Canarias is refused at the delivery step with one
// message, and a pickup in Burela needs no address. Then the owner's
// shipping screen at 360 px, refusing a zone that overlaps another. Then
// the desk marks the pickup ready and collected (an e-mail each) and,
// against the carrier platform's development stand-in, buys a cash
// order's label, a forged webhook changes nothing, tracking events deliver
// it (one e-mail), and the stand-in's remittance, entered in the desk, pays it.

const cafe = { id: 2001, name: "Café", priceCents: 949 }; // 540 g
const panela = { id: 2003, name: "Panela", priceCents: 249 }; // 530 g
const mamajuana = { id: 7001, name: "Mamajuana", priceCents: 2199 }; // adults only
const acai = { id: 1003, name: "Açaí", priceCents: 749 }; // frozen
const farofa = { id: 1004, name: "Farofa", priceCents: 349 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
// pickupOrder is the order collected in Burela placed above, which the desk
// then marks ready and collected.
let pickupOrder = 0;

beforeAll(async () => {
  browser = await launch();
  await takeTransfers(browser);
  context = await browser.newContext({ baseURL, viewport: viewports.phone, locale: "pt-PT" });
  await context.addInitScript(() => {
    localStorage.setItem("language", "pt");
    localStorage.setItem(
      "cookiePreferences",
      JSON.stringify({
        technical: true,
        analytics: false,
        marketing: false,
        personalization: false,
        consentGiven: true,
        consentTimestamp: new Date().toISOString(),
        policyVersion: "2026-11-24",
      }),
    );
  });
  page = await context.newPage();
  await signInAt(page, "joao@example.com");
});

/** signIn signs page in through the development provider. */
afterAll(async () => {
  await browser.close();
});

/** toDelivery puts lines in the cart and goes to checkout's delivery step. */
async function toDelivery(lines: { id: number; name: string; priceCents: number; quantity: number }[]) {
  await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items.map((i) => ({ ...i, image: "", stock: 10 })))), lines);
  await page.goto("/checkout");
  await page.getByRole("heading", { name: "Revisão", level: 2 }).waitFor();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Entrega", level: 2 }).waitFor();
}

/** homeAddress types a home delivery's address with postalCode. */
async function homeAddress(postalCode: string) {
  await page.getByLabel("Telefone").fill("+34 600 123 456");
  await page.getByLabel("Morada").fill("Rua Real 1");
  await page.getByLabel("Cidade").fill("Lugo");
  await page.getByLabel("Código postal").fill(postalCode);
}

const summary = () => page.getByRole("region", { name: "Resumo da encomenda" });

describe("shipping on a phone, in Portuguese", () => {
  it("charges a 20 € cart to Lugo the standard rate", async () => {
    // 2 × 9,49 € + 2,49 € = 21,47 €, 1,6 kg: the first band, 4,95 €.
    await toDelivery([{ ...cafe, quantity: 2 }, { ...panela, quantity: 1 }]);
    await homeAddress("27001");
    const standard = page.getByRole("radio", { name: /Envio normal/ });
    await expect.poll(() => standard.isChecked()).toBe(true);
    await page.getByText("4,95 €", { exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "shipping-standard-pt-phone");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Pagamento", level: 2 }).waitFor();
    await summary().getByText("4,95 €").waitFor();
  });

  it("ships a 35 € cart free", async () => {
    await toDelivery([{ ...mamajuana, quantity: 1 }, { ...cafe, quantity: 1 }, { ...panela, quantity: 1 }]);
    await homeAddress("27001");
    const standard = page.getByRole("radio", { name: /Envio normal.*Grátis/ });
    await expect.poll(() => standard.isChecked()).toBe(true);
  });

  it("takes a cart with a frozen item in the cold chain and says the day it leaves", async () => {
    await toDelivery([{ ...acai, quantity: 1 }, { ...farofa, quantity: 1 }]);
    await homeAddress("27880");
    const cold = page.getByRole("radio", { name: /Envio refrigerado/ });
    await expect.poll(() => cold.isChecked()).toBe(true);
    await page.getByText(/Sai da loja a (segunda|terça|quarta)-feira/).waitFor();
    await page.getByText("10,95 €", { exact: true }).first().waitFor();
    expect(await page.getByRole("radio", { name: /Envio normal/ }).count()).toBe(0);
    await screenshot(page, "shipping-cold-chain-pt-phone");
  });

  it("refuses Canarias at the delivery step, once, and a pickup in Burela needs no address", async () => {
    await toDelivery([{ ...cafe, quantity: 2 }]);
    await homeAddress("35001");
    const refusal = page.getByText(/Não enviamos para as Canárias: estão fora do território do IVA/);
    await refusal.waitFor();
    expect(await page.getByText(/Não enviamos para as Canárias/).count()).toBe(1);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Entrega", level: 2 }).waitFor();
    await screenshot(page, "shipping-canarias-pt-phone");

    await page.getByRole("radio", { name: /Levantamento na loja de Burela/ }).check();
    await expect.poll(() => page.getByLabel("Morada").count()).toBe(0);
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel(/^Transferência bancária/).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Confirmação", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Encomenda com obrigação de pagamento" }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const code = page.getByText(/Código de levantamento:/);
    await code.waitFor();
    expect(await code.textContent()).toMatch(/[ACDEFGHJKMNPQRTUVWXY34679]{6}/);
    pickupOrder = Number(new URL(page.url()).pathname.split("/").pop());
    await screenshot(page, "shipping-pickup-code-pt-phone");
  });
});

describe("the owner's shipping rates at 360 px", () => {
  it("lists the methods and refuses a zone overlapping another, beside its field", async () => {
    const admin = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale: "es-ES" });
    await admin.addInitScript(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("cookiePreferences", JSON.stringify({ technical: true, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }));
    });
    const desk = await admin.newPage();
    await signInAt(desk, "admin@sabores.es");
    await desk.goto("/admin/shipping");
    const standard = desk.getByRole("article", { name: "Envío estándar (24–72 h)" });
    await standard.getByText("Gratis desde 29,95 €").waitFor();
    const form = standard.getByRole("form", { name: "Nueva zona" });
    await form.getByLabel("Nombre de la zona").fill("Burela");
    await form.getByLabel("Códigos postales (prefijos)").fill("27880");
    await form.getByRole("button", { name: "Añadir zona" }).click();
    await form.getByText(/ya están en la zona «Península» \(27\)/).waitFor();
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(desk);
    await screenshot(desk, "admin-shipping-es-360");
    await admin.close();
  });
});

describe("the desk: a pickup collected, and a cash order's label, tracking and remittance against the stand-in", () => {
  it("marks the Burela order ready for pickup and collected, e-mailing the shopper in Portuguese each time", async () => {
    expect(pickupOrder).toBeGreaterThan(0);
    const admin = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: "es-ES" });
    await admin.addInitScript(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("cookiePreferences", JSON.stringify({ technical: true, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }));
    });
    const desk = await admin.newPage();
    await signInAt(desk, "admin@sabores.es");
    await desk.goto(`/admin/orders/${pickupOrder}`);
    const actions = desk.getByRole("region", { name: "Acciones" });
    await actions.getByRole("button", { name: "Marcar como pagado" }).click();
    await desk.getByRole("dialog").getByRole("button", { name: "Confirmar el pago" }).click();
    await actions.getByRole("button", { name: "Empezar a preparar" }).click();
    await actions.getByRole("button", { name: "Listo para recoger" }).click();
    await desk.getByText("Pedido listo para recoger: el cliente recibe un e-mail.").waitFor();
    expect(await actions.getByRole("button", { name: "Enviar" }).count()).toBe(0);
    await waitForMail("joao@example.com", new RegExp(`A sua encomenda #${pickupOrder} está pronta para levantar`));
    await screenshot(desk, "admin-pickup-ready-es-desktop");
    await actions.getByRole("button", { name: "Marcar como recogido" }).click();
    await desk.getByText("Pedido recogido: empieza el plazo de desistimiento.").waitFor();
    await waitForMail("joao@example.com", new RegExp(`Levantou a sua encomenda #${pickupOrder} `));
    await admin.close();
  });

  it("buys the label, ignores a forged webhook, delivers once and is paid by the remittance", async () => {
    // The shopper (Portuguese, on a phone) pays on delivery.
    await toDelivery([{ ...farofa, quantity: 3 }]);
    await homeAddress("27001");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel(/^Pagamento na entrega/).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Confirmação", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Encomenda com obrigação de pagamento" }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split("/").pop());

    const admin = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: "es-ES", acceptDownloads: true });
    await admin.addInitScript(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("cookiePreferences", JSON.stringify({ technical: true, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }));
    });
    const desk = await admin.newPage();
    await signInAt(desk, "admin@sabores.es");
    await desk.goto(`/admin/orders/${orderId}`);
    await desk.getByRole("button", { name: "Empezar a preparar" }).click();
    const cod = desk.getByText(/Contra reembolso: el transportista cobrará \d+,\d{2}/);
    await cod.waitFor();
    await desk.getByRole("button", { name: "Comprar etiqueta y enviar" }).click();
    await desk.getByText("Etiqueta comprada: pedido enviado.").waitFor();
    const [download] = await Promise.all([desk.waitForEvent("download"), desk.getByRole("button", { name: "Descargar etiqueta" }).click()]);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const tracking = (await desk.getByText(/^SCDEV[0-9A-F]{4}\d{6}$/).first().textContent()) ?? "";
    await screenshot(desk, "admin-parcel-bought-es-desktop");

    // A webhook without the platform's signature is refused and moves nothing.
    const forged = await fetch(`${baseURL}/carrier/sendcloud/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sendcloud-Signature": "00".repeat(32) },
      body: JSON.stringify({
        action: "parcel_status_changed",
        timestamp: Date.now(),
        parcel: { id: 900_000_000 + Number(tracking.slice(-6)), tracking_number: tracking, status: { id: 11, message: "Delivered" } },
      }),
    });
    expect(forged.status).toBe(403);
    await desk.reload();
    await desk.getByText("Etiqueta comprada").first().waitFor();

    // The carrier scans and delivers it; the delivered webhook comes twice.
    const dev = await admin.newPage();
    const row = () => dev.getByRole("row").filter({ hasText: tracking });
    await dev.goto("/dev-sendcloud/");
    for (const status of ["Parcel en route", "Delivered", "Delivered"]) {
      await row().getByRole("button", { name: status, exact: true }).click();
      await dev.waitForURL(/\/dev-sendcloud\/$/);
    }
    const delivered = new RegExp(`#${orderId} foi entregue`);
    await waitForMail("joao@example.com", delivered);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await waitForMail("joao@example.com", delivered)).toHaveLength(1);

    // The carrier remits the cash; the desk enters its remittance once.
    await dev.getByRole("button", { name: "Remit the delivered cash" }).click();
    const csvBox = dev.getByRole("textbox", { name: /^CSV DEV-REM-/ }).first();
    const reference = ((await csvBox.getAttribute("aria-label")) ?? "").replace(/^CSV /, "");
    const csv = await csvBox.inputValue();
    expect(csv).toContain(tracking);
    await desk.goto("/admin/parcels/remittances");
    await desk.getByLabel("Referencia de la remesa").fill(reference);
    await desk.getByRole("textbox", { name: /Líneas/ }).fill(csv);
    await desk.getByRole("button", { name: "Registrar la remesa" }).click();
    const result = desk.getByRole("region", { name: `Remesa ${reference}` });
    await result.getByRole("row").filter({ hasText: tracking }).getByText("Pagado").waitFor();
    await expectNoSeriousA11yViolations(desk);
    await screenshot(desk, "admin-remittance-es-desktop");
    await waitForMail("joao@example.com", new RegExp(`Pagamento recebido da encomenda #${orderId} `));
    // Entered again, it pays nothing more.
    await desk.getByRole("button", { name: "Registrar la remesa" }).click();
    await desk.getByText(/ya estaba registrada: no se ha vuelto a aplicar/).waitFor();
    await desk.setViewportSize({ width: 360, height: 780 });
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(desk, "admin-remittance-es-360");
    await admin.close();
  });
});
