import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, baseURL, expectNoSeriousA11yViolations, launch, screenshot, signIn, viewports, type Browser, type BrowserContext, type Page } from "./browser";

// The owner's stock and audit screens (issue 37): a product's stock set to a
// counted figure and corrected with a reason, refused below zero in words,
// with the ledger's movements; the audit trail filtered by action, actor and
// day, saying which key or session made each change. Spanish at desktop,
// Portuguese at 360 px.

const product = "Panela en bloque 500 g";
let browser: Browser;
let admin: Page;

async function adminPage(viewport: { width: number; height: number }, language: "es" | "pt"): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, locale: language === "pt" ? "pt-PT" : "es-ES" });
  await context.addInitScript((lang) => {
    localStorage.setItem("language", lang);
  }, language);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.waitForURL(/\/auth\?redirect=/);
  await appReady(page);
  await page.getByRole("button", { name: /Aceitar todos|Aceptar todas/ }).click();
  await signIn(page, "admin@sabores.es");
  await page.waitForURL(`${baseURL}/admin`);
  return page;
}

async function openStock(page: Page) {
  await page.goto("/admin/catalogue");
  await page.getByRole("searchbox").fill(product);
  await page.getByRole("link", { name: new RegExp(product) }).click();
  await page.waitForURL(/\/admin\/catalogue\/\d+$/);
  await page.getByRole("tab", { name: "Stock" }).click();
}

beforeAll(async () => {
  browser = await launch();
  admin = await adminPage(viewports.desktop, "es");
});
afterAll(async () => {
  await browser.close();
});

describe("the stock screen", () => {
  it("sets a counted figure, refuses going below zero in words and corrects with a reason (es, desktop)", async () => {
    await openStock(admin);
    await admin.getByRole("heading", { name: /^Stock: \d+ unidad/ }).waitFor();

    await admin.getByLabel("Unidades contadas").fill("47");
    await admin.getByLabel("Nota (albarán, lote…)").fill("Inventario E2E");
    await admin.getByRole("button", { name: "Guardar movimiento" }).click();
    await admin.getByRole("heading", { name: "Stock: 47 unidades" }).waitFor();
    const history = admin.getByRole("list", { name: "Movimientos" });
    const newest = history.getByRole("listitem").first();
    await newest.getByText("quedaron 47 unidades").waitFor();
    expect(await newest.textContent()).toMatch(/Recuento.*admin@sabores\.es.*Inventario E2E/);

    await admin.getByLabel("Corrección: sumar o restar unidades").check();
    await admin.getByLabel("Unidades a sumar (+) o restar (−)").fill("-50");
    await admin.getByLabel("Motivo").selectOption({ label: "Rotura o caducidad" });
    await admin.getByRole("button", { name: "Guardar movimiento" }).click();
    await admin.getByRole("alert").getByText("El stock no puede quedar por debajo de cero: solo hay 47.").waitFor();

    await admin.getByLabel("Unidades a sumar (+) o restar (−)").fill("-3");
    await admin.getByRole("button", { name: "Guardar movimiento" }).click();
    await admin.getByRole("heading", { name: "Stock: 44 unidades" }).waitFor();
    await history.getByRole("listitem").first().getByText("Rotura o caducidad").waitFor();
    expect(await history.getByRole("listitem").first().getByText("-3", { exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "stock-es");
  });

  it("shows the stock and its movements in Portuguese on a phone", async () => {
    const page = await adminPage({ width: 360, height: 740 }, "pt");
    await openStock(page);
    await page.getByRole("heading", { name: "Stock: 44 unidades" }).waitFor();
    await page.getByRole("list", { name: "Movimentos" }).getByText("Quebra ou validade").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "stock-pt");
    await page.context().close();
  });
});

describe("the audit screen", () => {
  it("filters the trail by action, actor and day and says through what each change came (es, desktop)", async () => {
    await admin.goto("/admin");
    await admin.getByRole("link", { name: /Registro de cambios/ }).click();
    await admin.waitForURL(/\/admin\/audit$/);
    await admin.getByRole("heading", { level: 1, name: "Registro de cambios" }).waitFor();
    await admin.getByLabel("Acción (p. ej. product.)").fill("stock.");
    await admin.getByLabel("Quién (e-mail o api-key:n.º)").fill("admin@");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());
    await admin.getByLabel("Desde el día").fill(today);
    await admin.getByLabel("Hasta el día").fill(today);
    await admin.getByRole("button", { name: "Filtrar" }).click();
    const events = admin.getByRole("list", { name: "Cambios, los más recientes primero" });
    // This file's two corrections, and any other file's in the same shop
    // today: once the filter applies, every change listed is one of them.
    const through = /^stock\.adjust.*admin@sabores\.es en la sesión n\.º \d+, iniciada el .+ \(hora de Madrid\)/;
    await expect
      .poll(async () => {
        const texts = await events.getByRole("listitem").allTextContents();
        return texts.length >= 2 && texts.every((text) => through.test(text));
      })
      .toBe(true);
    await admin.getByText(/^Mostrando \d+ de \d+ cambios$/).waitFor();

    // Another day keeps nothing.
    await admin.getByLabel("Desde el día").fill("2020-01-01");
    await admin.getByLabel("Hasta el día").fill("2020-01-02");
    await admin.getByRole("button", { name: "Filtrar" }).click();
    await admin.getByText("Ningún cambio con estos filtros.").waitFor();
    await admin.getByRole("button", { name: "Quitar filtros" }).click();
    await events.waitFor();
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "audit-es");
  });

  it("fits a phone in Portuguese", async () => {
    const page = await adminPage({ width: 360, height: 740 }, "pt");
    await page.goto("/admin/audit");
    await page.getByRole("heading", { level: 1, name: "Registo de alterações" }).waitFor();
    await page.getByLabel("Ação (p. ex. product.)").fill("stock.");
    await page.getByRole("button", { name: "Filtrar" }).click();
    const events = page.getByRole("list", { name: "Alterações, as mais recentes primeiro" });
    await expect.poll(() => events.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
    await events.getByText(/na sessão n\.º \d+, iniciada em/).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "audit-pt");
    await page.context().close();
  });
});
