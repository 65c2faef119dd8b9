import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, post, screenshot, signIn, type Browser, type Page } from "./browser";

// The rest of the law issue: a frozen cart says when it leaves the shop
// (dispatch days), and the back office downloads the accountant's two CSVs
// and sees where VeriFactu records stand on their way to the AEAT.

const paoDeQueijo = 1002; // frozen
const phone = { width: 360, height: 780 };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** open is a fresh profile at 360 px in language, cookies decided, signed in as email when given. */
async function open(language: "es" | "pt", email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone, locale: language === "es" ? "es-ES" : "pt-PT", acceptDownloads: true });
  await context.addInitScript((language) => {
    localStorage.setItem("language", language);
    localStorage.setItem("cookieBannerShown", "true");
    localStorage.setItem(
      "cookiePreferences",
      JSON.stringify({ technical: true, analytics: false, marketing: false, personalization: false, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }),
    );
  }, language);
  const page = await context.newPage();
  if (email) {
    await page.goto("/auth");
    await signIn(page, email);
    await page.waitForURL((url) => !/^(\/pt)?\/auth/.test(url.pathname) && !url.pathname.startsWith("/dev-oidc"));
  }
  return page;
}

it("a frozen cart names the weekday it leaves the shop, in Portuguese, at 360 px", async () => {
  const page = await open("pt");
  await page.goto("/");
  await page.evaluate((id) => {
    localStorage.setItem("cart", JSON.stringify([{ id, name: "Pão de Queijo", priceCents: 0, image: "", stock: 10, quantity: 1 }]));
  }, paoDeQueijo);
  await page.goto("/cart");
  const notice = page.getByText(/Se encomendar agora, a sua encomenda sai a (segunda|terça|quarta)-feira/);
  await notice.waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "cart-dispatch-day");
  await page.context().close();
});

it("the admin downloads the invoice register and the payments of a period, sees the records going to the (development) AEAT, the declaración responsable and that invoicing is not held", async () => {
  const page = await open("es", "admin@sabores.es");
  await page.goto("/admin/invoices");
  await page.getByRole("heading", { name: "Exportación para la gestoría" }).waitFor();
  for (const [button, prefix, header] of [
    ["Descargar registro de facturas", "facturas_", "serie,numero,numero_factura,fecha_expedicion,clase"],
    ["Descargar cobros y devoluciones", "cobros_", "fecha,hora,pedido,metodo,movimiento,importe"],
  ]) {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${prefix}\\d{8}_\\d{8}\\.csv$`));
    expect((await readFile(await download.path(), "utf8")).split("\n")[0]).toContain(header);
  }
  await page.getByRole("button", { name: "Comprobar la cadena" }).click();
  await page.getByText("Los registros se envían a la AEAT (AEAT de desarrollo, nunca la real).").waitFor();
  // The declaración responsable names the system as its records do.
  await page.getByRole("heading", { name: "Declaración responsable del sistema informático de facturación" }).waitFor();
  await page.getByText(/productor del sistema informático de facturación «Sabores shopd» \(IdSistemaInformatico SB\), versión /).waitFor();
  // No restore held invoicing: the check with the AEAT says so.
  await page.getByRole("button", { name: "Comprobar con la AEAT" }).click();
  await page.getByText("La facturación no está detenida.").waitFor();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "accountant-export");
  const audited = await post(page, "AdminInvoiceService", "ExportPayments", { period: { firstDay: "2026-12-31", lastDay: "2026-01-01" } });
  expect(audited.status()).toBe(400);
  await page.context().close();
});
