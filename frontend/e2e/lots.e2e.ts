import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, post, screenshot, signIn, viewports, type Browser, type Page } from "./browser";

// Lots (issue 40): the owner enters a supplier, receives its delivery lot by
// lot by scanning the barcode, and sees the lots expiring in the next 30
// days; a use-by lot too close to its date is blocked for the web as it
// arrives. Spanish at desktop; goods-in and the expiry list again in
// Portuguese at 360 px.

let browser: Browser;
let admin: Page;
const tag = String(Date.now()).slice(-6);

/** withCheck completes 12 digits to an EAN-13 with its GS1 check digit. */
function withCheck(payload: string): string {
  const sum = [...payload].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return payload + String((10 - (sum % 10)) % 10);
}

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

const ean = withCheck(`84${tag}0040`);
const product = `Tapioca granulada ${tag}`;
const supplier = `Brasil Sabor ${tag}`;

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

/** scanLine scans the barcode as a USB scanner does (digits, Enter), then types the lot, its date, its kind and units. */
async function scanLine(page: Page, t: { ean: string; lot: string; date: string; units: string; kind: string; unitsLabel: string; lotLabel: string; dateLabel: string }) {
  const input = page.getByLabel(t.ean);
  await input.click();
  await page.keyboard.type(ean, { delay: 5 });
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: product }).waitFor();
  await expect.poll(() => page.getByLabel(t.lotLabel).evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(t.lot);
  await page.getByLabel(t.dateLabel).fill(t.date);
  await page.getByLabel(t.kind).check();
  await page.getByLabel(t.unitsLabel).fill(t.units);
}

beforeAll(async () => {
  browser = await launch();
  admin = await adminPage(viewports.desktop, "es");
  const res = await post(admin, "AdminProductService", "CreateProduct", {
    details: { name: product, code: `LOT-${tag}`, sku: `LOT-${tag}`, ean, category: "alimentos", price: "3,20", vatRate: "10", onlineCategories: [], shippingWeightGrams: "500" },
    initialStock: 0,
  });
  expect(res.status(), await res.text()).toBe(200);
});
afterAll(async () => {
  await browser.close();
});

describe("lots", () => {
  it("enters a supplier, receives two lots by scanning and lists the one expiring within 30 days (es, desktop)", async () => {
    await admin.getByRole("link", { name: /Proveedores/ }).click();
    await admin.waitForURL(/\/admin\/suppliers$/);
    await admin.getByLabel("Nombre").fill(supplier);
    await admin.getByLabel("NIF o CIF").fill("12345678A");
    await admin.getByRole("button", { name: "Guardar proveedor" }).click();
    await admin.getByRole("alert").getByText(/no es válido/).waitFor();
    await admin.getByLabel("NIF o CIF").fill(dni(`4${tag}1`));
    await admin.getByLabel("Persona de contacto").fill("Marta");
    await admin.getByRole("button", { name: "Guardar proveedor" }).click();
    await admin.getByText(`Proveedor ${supplier} guardado.`).waitFor();
    await admin.getByRole("region", { name: "Proveedores" }).getByText(supplier).waitFor();

    await admin.goto("/admin");
    await admin.getByRole("link", { name: /Entrada de mercancía/ }).click();
    await admin.waitForURL(/\/admin\/goods-in$/);
    await admin.getByLabel("Proveedor").selectOption({ label: supplier });
    await admin.getByLabel("Número de albarán").fill(`ALB-${tag}`);
    const es = {
      ean: "Código de barras (escanea o escribe y pulsa Intro)",
      lotLabel: "Lote",
      dateLabel: "Fecha del envase",
      unitsLabel: "Unidades",
    };
    await scanLine(admin, { ...es, lot: `A-${tag}`, date: day(20), units: "4", kind: "Consumir preferentemente antes del" });
    await admin.getByRole("button", { name: "Añadir línea" }).click();
    await scanLine(admin, { ...es, lot: `B-${tag}`, date: day(200), units: "6", kind: "Fecha de caducidad" });
    await admin.getByRole("button", { name: "Añadir línea" }).click();
    const lines = admin.getByRole("region", { name: "Líneas del albarán" });
    await expect.poll(() => lines.getByRole("listitem").count()).toBe(2);
    await screenshot(admin, "goods-in-es");
    await admin.getByRole("button", { name: "Registrar la entrada" }).click();
    await admin.getByText("Entrada registrada: 2 líneas en stock.").waitFor();
    await expectNoSeriousA11yViolations(admin);

    // The same delivery note again is refused in words.
    await admin.getByLabel("Número de albarán").fill(`ALB-${tag}`);
    await scanLine(admin, { ...es, lot: `C-${tag}`, date: day(90), units: "1", kind: "Consumir preferentemente antes del" });
    await admin.getByRole("button", { name: "Añadir línea" }).click();
    await admin.getByRole("button", { name: "Registrar la entrada" }).click();
    await admin.getByText("Ese albarán de ese proveedor ya se registró.").waitFor();

    await admin.goto("/admin/lots");
    await admin.getByRole("heading", { level: 1, name: "Lotes que caducan" }).waitFor();
    const list = admin.getByRole("region", { name: "Lotes que caducan en 30 días" });
    const mine = list.getByRole("listitem").filter({ hasText: product });
    await expect.poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(new RegExp(`Lote A-${tag}.*4 unidades a la venta.*${supplier}`));
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "lots-expiring-es");
  });

  it("receives a use-by lot too close to its date, blocked for the web, on a phone in Portuguese", async () => {
    const page = await adminPage({ width: 360, height: 740 }, "pt");
    await page.goto("/admin/goods-in");
    await page.getByRole("heading", { level: 1, name: "Entrada de mercadoria" }).waitFor();
    await page.getByLabel("Fornecedor").selectOption({ label: supplier });
    await page.getByLabel("Número da guia").fill(`ALB-${tag}-2`);
    await scanLine(page, {
      ean: "Código de barras (leia ou escreva e prima Enter)",
      lotLabel: "Lote",
      dateLabel: "Data da embalagem",
      unitsLabel: "Unidades",
      lot: `F-${tag}`,
      date: day(1),
      units: "3",
      kind: "Consumir até",
    });
    await page.getByRole("button", { name: "Acrescentar linha" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "goods-in-pt");
    await page.getByRole("button", { name: "Registar a entrada" }).click();
    await page.getByText("Entrada registada: 1 linha em stock. 1 lote fica bloqueado para a venda online: expira demasiado cedo.").waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/admin/lots");
    const mine = page.getByRole("region", { name: "Lotes que expiram em 30 dias" }).getByRole("listitem").filter({ hasText: `Lote F-${tag}` });
    await mine.getByText("3 bloqueadas: validade próxima").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "lots-expiring-pt");
    await page.context().close();
  });
});
