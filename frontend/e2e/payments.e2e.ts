import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, caughtSubjects, expectNoSeriousA11yViolations, launch, newContext, rpc, screenshot, signIn, takeTransfers, viewports, type Browser, type Page } from "./browser";

// Card and Bizum payments end to end through the development payment
// gateway shopd serves on loopback (/dev-redsys/), which speaks Redsys's
// protocol and notifies the shop before sending the browser back. João is
// the shopper here (the privacy test deletes his account later; his
// orders stay out of the way of María's).

const email = "joao@example.com";
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  await takeTransfers(browser);
});
afterAll(async () => {
  await browser.close();
});

interface Listed {
  id: string;
  name: string;
  priceCents: string;
  stock: number;
}

/** aProduct is a product sold online with stock to spare, from the real API. */
async function aProduct(): Promise<Listed> {
  const res = await rpc<{ products: Listed[] }>("CatalogService", "ListProducts", { page: 1, pageSize: 24 });
  const p = res.products.find((x) => x.stock >= 10);
  if (!p) throw new Error("no product with stock in the sample catalogue");
  return p;
}

/** shopper opens a signed-in browser for João at a width, in a language. */
async function shopper(viewport: { width: number; height: number }, language: "es" | "pt"): Promise<Page> {
  // A Portuguese shopper's browser asks for Portuguese: the order, its
  // e-mails and the payment page follow it.
  const context =
    language === "es" ? await newContext(browser, viewport) : await browser.newContext({ baseURL, viewport, locale: "pt-PT" });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate((l) => localStorage.setItem("language", l), language);
  await page.reload();
  await page.getByRole("button", { name: language === "es" ? "Aceptar todas" : "Aceitar todos" }).click();
  await page.goto("/auth");
  await signIn(page, "joao@example.com");
  await page.waitForURL((u) => !/^(\/pt)?\/auth/.test(u.pathname) && !u.pathname.startsWith("/dev-oidc"));
  return page;
}

const texts = {
  es: {
    next: "Continuar",
    phone: "Teléfono",
    address: "Dirección",
    city: "Ciudad",
    zip: "Código postal",
    confirm: "Confirmación",
    finish: "Confirmar pedido con obligación de pago",
  },
  pt: {
    next: "Continuar",
    phone: "Telefone",
    address: "Morada",
    city: "Cidade",
    zip: "Código postal",
    confirm: "Confirmação",
    finish: "Encomenda com obrigação de pagamento",
  },
};

/** order puts one unit of a product in the cart and checks out with payment; it returns at the gateway or the order page. */
async function order(page: Page, language: "es" | "pt", payment: RegExp) {
  const t = texts[language];
  const p = await aProduct();
  await page.evaluate(
    (item) => localStorage.setItem("cart", JSON.stringify([item])),
    { id: Number(p.id), name: p.name, priceCents: Number(p.priceCents), image: "", stock: p.stock, quantity: 1 },
  );
  await page.goto("/checkout");
  await page.getByRole("button", { name: t.next }).click();
  await page.getByLabel(t.phone).fill("+34 600 123 456");
  await page.getByLabel(t.address).fill("Rúa Rosalía de Castro 12");
  await page.getByLabel(t.city).fill("Burela");
  await page.getByLabel(t.zip).fill("27880");
  await page.getByRole("button", { name: t.next }).click();
  await page.getByLabel(payment).check();
  await page.getByRole("button", { name: t.next }).click();
  await page.getByRole("heading", { name: t.confirm, level: 2 }).waitFor();
  await page.getByRole("button", { name: t.finish }).click();
}

/** orderIdOf reads the order's id from the order page's address. */
function orderIdOf(page: Page): string {
  return new URL(page.url()).pathname.split("/").pop() ?? "";
}

/** cardOrder is the order the card test pays, whose invoice the VeriFactu walk follows to the AEAT. */
let cardOrder = "";

describe("paying an order", () => {
  it("by card: denied, paid again, approved; the order is paid and its e-mail caught", async () => {
    const page = await shopper(viewports.desktop, "es");
    await order(page, "es", /^Tarjeta/);
    await page.waitForURL(/\/dev-redsys\/realizarPago$/);
    await screenshot(page, "payment-gateway");
    await page.getByRole("button", { name: "Denegar el pago" }).click();

    await page.waitForURL(/\/orders\/\d+\?payment=ko/);
    const id = orderIdOf(page);
    await page.getByText("El pago no se completó: el banco lo rechazó.").waitFor();
    await screenshot(page, "payment-refused");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Pagar de nuevo" }).click();

    await page.waitForURL(/\/dev-redsys\/realizarPago$/);
    await page.getByRole("button", { name: "Aprobar el pago" }).click();
    await page.waitForURL(/\/orders\/\d+\?payment=ok/);
    expect(orderIdOf(page)).toBe(id);
    await page.getByText(/^Pagado\./).waitFor();
    await screenshot(page, "payment-paid");

    await expect
      .poll(() => caughtSubjects(email), { timeout: 30_000 })
      .toContain(`Pago recibido del pedido #${id} — Sabores`);
    const subjects = await caughtSubjects(email);
    expect(subjects.filter((s) => s.startsWith(`Pago recibido del pedido #${id} `))).toHaveLength(1);
    cardOrder = id;
    await page.context().close();
  });

  // The shop's AEAT here is the development one (global-setup.ts), which
  // answers as the AEAT does, TiempoEsperaEnvio of 60 s included: a record
  // issued within a minute of the last answer waits for it, together with
  // every other record issued meanwhile (the till's walk issues a burst of
  // them earlier in the same shop), in one message.
  it("by card, on to the AEAT: the invoice carries the VERI*FACTU legend and the owner sees its record accepted, with the CSV", { timeout: 180_000 }, async () => {
    expect(cardOrder).not.toBe("");
    const page = await shopper(viewports.desktop, "es");
    await page.goto(`/orders/${cardOrder}`);
    await page.getByRole("button", { name: "Ver facturas" }).click();
    const invoices = page.getByRole("region", { name: "Facturas" });
    const [download] = await Promise.all([page.waitForEvent("download"), invoices.getByRole("button", { name: "Descargar PDF" }).first().click()]);
    const text = execFileSync("pdftotext", ["-layout", await download.path(), "-"], { encoding: "utf8" });
    expect(text).toContain("VERI*FACTU");
    await page.context().close();

    const admin = await (await newContext(browser)).newPage();
    await admin.goto("/auth");
    await signIn(admin, "admin@sabores.es");
    await admin.waitForURL((u) => !u.pathname.startsWith("/auth") && !u.pathname.startsWith("/dev-oidc"));
    await admin.goto("/admin/invoices");
    const status = admin.getByText("Los registros se envían a la AEAT (AEAT de desarrollo, nunca la real).");
    // Every record issued so far, this order's last, answered: none ready,
    // none waiting, and the last answer accepted with its CSV.
    await expect
      .poll(
        async () => {
          await admin.getByRole("button", { name: "Comprobar la cadena" }).click();
          await status.waitFor();
          const box = status.locator("..");
          const counts = await Promise.all([
            box.getByText("0 registros preparados y listos para enviar.").count(),
            box.getByText(/aún sin preparar/).count(),
            box.getByText(/^(Listos para enviar|En mensajes rechazados|En mensajes aceptados en parte): /).count(),
            box.getByText(/^Aceptados: \d+$/).count(),
            box.getByText(/^Mensaje \d+ \(\d+ registros?\), .*: aceptado\. CSV \S+\.$/).count(),
          ]);
          return counts.join(",");
        },
        { timeout: 150_000, interval: 5_000 },
      )
      .toMatch(/^1,0,0,1,[1-9]\d*$/);
    await screenshot(admin, "verifactu-accepted");
    await admin.context().close();
  });

  it("by Bizum, in Portuguese on a phone", async () => {
    const page = await shopper(viewports.phone, "pt");
    await order(page, "pt", /^Bizum/);
    await page.waitForURL(/\/dev-redsys\/realizarPago$/);
    await page.getByText("Bizum").first().waitFor();
    await screenshot(page, "payment-gateway-bizum");
    await page.getByRole("button", { name: "Aprovar o pagamento" }).click();
    // The gateway sends the shopper back to the order's page in the order's language.
    await page.waitForURL(/\/pt\/orders\/\d+\?payment=ok/);
    await page.getByText(/^Pago\. Obrigado/).waitFor();
    await screenshot(page, "payment-paid-pt");
    await expectNoSeriousA11yViolations(page);
    await page.context().close();
  });

  it("by transfer, with the IBAN, beneficiary, amount, reference and QR code on the order page", async () => {
    const page = await shopper(viewports.phone, "es");
    await order(page, "es", /^Transferencia bancaria/);
    await page.waitForURL(/\/orders\/\d+$/);
    const id = orderIdOf(page);
    const panel = page.getByRole("region", { name: "Pago" });
    await panel.getByText("Datos para la transferencia").waitFor();
    await panel.getByText(/^ES\d{2}( [0-9A-Z]{4})+/).waitFor();
    // The reference a bank statement shows, and the day and Madrid time
    // the order is cancelled without it.
    await panel.getByText(`SABORES-${id}`, { exact: true }).waitFor();
    await page.getByRole("region", { name: "Esperando tu pago" }).getByText(/\(hora de Madrid\)/).waitFor();
    const qr = panel.getByRole("img", { name: /Código QR de la transferencia/ });
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshot(page, "payment-transfer");
    await expectNoSeriousA11yViolations(page);
    expect(page.url().startsWith(baseURL)).toBe(true);
    await page.context().close();
  });
});
