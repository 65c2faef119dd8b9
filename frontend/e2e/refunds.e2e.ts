import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, rpc, screenshot, signIn, viewports, type Browser, type Page } from "./browser";

// A card refund confirmed before it is sent (issue 37): María pays an order
// by card through the development gateway; the desk cancels it, told first
// the amount Redsys gives back, how and to whom; once Redsys accepts, the
// desk shows "Reembolsado el …" with the Redsys reference, in Spanish at
// desktop and in Portuguese at 360 px.

let browser: Browser;
let orderId = "";

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function signedIn(viewport: { width: number; height: number }, language: "es" | "pt", email: string, start: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "pt" ? "pt-PT" : "es-ES" });
  await context.addInitScript((lang) => {
    localStorage.setItem("language", lang);
  }, language);
  const page = await context.newPage();
  await page.goto(`/auth?redirect=${encodeURIComponent(start)}`);
  await page.getByRole("button", { name: language === "es" ? "Aceptar todas" : "Aceitar todos" }).click();
  await signIn(page, email);
  await page.waitForURL((u) => !/^(\/pt)?\/auth/.test(u.pathname) && !u.pathname.startsWith("/dev-oidc"));
  return page;
}

describe("a card refund", () => {
  it("is paid by card by the shopper", async () => {
    const page = await signedIn(viewports.desktop, "es", "maria@example.com", "/");
    const res = await rpc<{ products: { id: string; name: string; priceCents: string; stock: number }[] }>("CatalogService", "ListProducts", {
      page: 1,
      pageSize: 24,
    });
    const p = res.products.find((x) => x.stock >= 10);
    if (!p) throw new Error("no product with stock");
    await page.evaluate(
      (item) => localStorage.setItem("cart", JSON.stringify([item])),
      { id: Number(p.id), name: p.name, priceCents: Number(p.priceCents), image: "", stock: p.stock, quantity: 1 },
    );
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel("Teléfono").fill("+34 600 123 456");
    await page.getByLabel("Dirección").fill("Rúa Rosalía de Castro 12");
    await page.getByLabel("Ciudad").fill("Burela");
    await page.getByLabel("Código postal").fill("27880");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel(/^Tarjeta/).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Confirmación", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Confirmar pedido con obligación de pago" }).click();
    await page.waitForURL(/\/dev-redsys\/realizarPago$/);
    await page.getByRole("button", { name: "Aprobar el pago" }).click();
    await page.waitForURL(/\/orders\/\d+\?payment=ok/);
    orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.getByText(/^Pagado\./).waitFor();
    await page.context().close();
  });

  it("is confirmed with its amount, method and shopper before the desk cancels, then shown done (es, desktop)", async () => {
    const admin = await signedIn(viewports.desktop, "es", "admin@sabores.es", `/admin/orders/${orderId}`);
    await admin.goto(`/admin/orders/${orderId}`);
    await admin.getByRole("button", { name: "Cancelar pedido" }).click();
    const dialog = admin.getByRole("alertdialog", { name: "Cancelar pedido" });
    const confirm = dialog.getByText(/^Al cancelar, Redsys devolverá \d+,\d\d\s€ a la tarjeta de .+\.$/);
    await confirm.waitFor();
    const amount = /devolverá (\d+,\d\d)\s€/.exec((await confirm.textContent()) ?? "")?.[1] ?? "";
    await screenshot(admin, "refund-confirm-es");
    await dialog.getByLabel("Motivo (lo verá el cliente)").fill("Sin existencias");
    await dialog.getByRole("button", { name: new RegExp(`^Cancelar y devolver ${amount}\\s€$`) }).click();
    await admin.getByText(/pedida a Redsys: su resultado aparece en Devoluciones\.$/).waitFor();

    const done = admin.getByText(/^Reembolsado el \d+ de \w+ de \d{4}.* · referencia Redsys \w+$/);
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByRole("heading", { name: "Devoluciones" }).waitFor();
          return done.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "refund-done-es");
    await admin.context().close();
  });

  it("shows the refund done in Portuguese on a phone", async () => {
    const admin = await signedIn({ width: 360, height: 740 }, "pt", "admin@sabores.es", `/admin/orders/${orderId}`);
    await admin.goto(`/admin/orders/${orderId}`);
    await admin.getByText(/^Reembolsado em \d+ de \w+ de \d{4}.* · referência Redsys \w+$/).waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "refund-done-pt");
    await admin.context().close();
  });
});
