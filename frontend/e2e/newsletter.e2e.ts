import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, caughtSubjects, expectNoSeriousA11yViolations, launch, mailpitURL, rpc, screenshot, signIn, viewports, waitForMail, type Browser, type BrowserContext, type Page } from "./browser";

// Newsletters that send and back-in-stock alerts (issue 41). On a 360 px
// phone in Portuguese a shopper asks to hear when a sold-out product is
// back, confirms from the e-mail, and gets one alert when the owner adds
// stock. On a desktop in Spanish the owner writes a campaign, sends it to
// themselves, then to the subscribers: only the confirmed one gets it,
// and its one-click unsubscribe works without a cookie.

const phone360 = { width: 360, height: viewports.phone.height };

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** signedInAs is a fresh profile in language, cookies decided, signed in through the development provider. */
async function signedInAs(email: string | null, language: "es" | "pt", viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT" });
  await context.addInitScript((language) => {
    localStorage.setItem("language", language);
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
  }, language);
  const page = await context.newPage();
  if (email) {
    await page.goto("/auth");
    await signIn(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith("/auth") && !url.pathname.startsWith("/dev-oidc"));
    await dismissBanner(page);
  }
  return { context, page };
}

/** dismissBanner accepts the cookie banner when it shows, so it covers nothing. */
async function dismissBanner(page: Page) {
  const banner = page.getByRole("button", { name: /^Aceitar todos$|^Aceptar todas$/ });
  if (await banner.isVisible()) await banner.click();
}

/** mailText reads a caught message's plain-text body. */
async function mailText(id: string): Promise<string> {
  const res = await fetch(`${mailpitURL}/api/v1/message/${id}`);
  return ((await res.json()) as { Text: string }).Text;
}

/** linkIn is the first address in text with the query parameter param. */
function linkIn(text: string, param: string): string {
  const m = text.match(new RegExp(`https?://\\S+[?&]${param}=[^\\s]+`));
  if (!m) throw new Error(`no ${param} link in:\n${text}`);
  return m[0];
}

/** post calls a procedure as a browser without a session would. */
async function post(service: string, method: string, message: object): Promise<Response> {
  return fetch(`${baseURL}/sabores.v1.${service}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
    body: JSON.stringify(message),
  });
}

/** adjustStock changes a product's stock as the signed-in owner on page. */
async function adjustStock(page: Page, productId: string, change: { delta?: number; stock?: number }) {
  const status = await page.evaluate(
    async ({ productId, change }) => {
      const res = await fetch("/sabores.v1.AdminStockService/AdjustStock", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
        body: JSON.stringify({
          productId,
          ...change,
          reason: change.delta ? "STOCK_ADJUSTMENT_REASON_RECEIPT" : "STOCK_ADJUSTMENT_REASON_COUNT",
          note: "newsletter e2e",
        }),
      });
      return res.status;
    },
    { productId, change },
  );
  expect(status).toBe(200);
}

describe("a back-in-stock alert, on a phone in Portuguese", () => {
  let shopper: { context: BrowserContext; page: Page };
  let owner: { context: BrowserContext; page: Page };
  let productId = "";
  const rita = "rita.stock@example.com";

  beforeAll(async () => {
    shopper = await signedInAs(null, "pt", phone360);
    owner = await signedInAs("admin@sabores.es", "es", viewports.desktop);
    // A product sold online; the owner counts it at zero.
    const res = await rpc<{ products: { id: string; stock: number }[] }>("CatalogService", "ListProducts", { page: 1, pageSize: 50 });
    productId = (res.products.find((p) => p.stock === 0) ?? res.products[res.products.length - 1]).id;
    await adjustStock(owner.page, productId, { stock: 0 });
  });
  afterAll(async () => {
    await shopper.context.close();
    await owner.context.close();
  });

  it("is asked for on the sold-out product and confirmed from the e-mail", async () => {
    const page = shopper.page;
    await page.goto(`/producto/${productId}`);
    await expect.poll(() => page.url()).toContain(`/pt/producto/${productId}`);
    const form = page.getByRole("form", { name: "Avise-me quando voltar" });
    await form.getByText(/Escrever-lhe-emos uma única vez/).waitFor();
    await form.getByLabel("O seu e-mail").fill(rita);
    await form.getByLabel(/Aceito receber esse único aviso/).check();
    await form.getByRole("button", { name: "Avisar-me" }).click();
    await form.getByText(/Enviámos-lhe um e-mail/).waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, "back-in-stock-asked");
    await expectNoSeriousA11yViolations(page);

    const [confirmation] = await waitForMail(rita, /Confirme o aviso/);
    const link = linkIn(await mailText(confirmation.ID), "aviso");
    expect(link).toContain("/pt/newsletter?aviso=");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByRole("button", { name: "Confirmar o aviso" }).click();
    await page.getByText(`Pronto! Avisaremos ${rita} quando voltar.`).waitFor();
    await screenshot(page, "back-in-stock-confirmed");
  });

  it("sends exactly one alert when the owner adds stock", async () => {
    await adjustStock(owner.page, productId, { delta: 3 });
    const alerts = await waitForMail(rita, /voltou a estar disponível/);
    expect(alerts).toHaveLength(1);
    // More stock, or stock sold out and back, alerts nobody again.
    await adjustStock(owner.page, productId, { stock: 0 });
    await adjustStock(owner.page, productId, { delta: 2 });
    await new Promise((r) => setTimeout(r, 4000));
    expect((await caughtSubjects(rita)).filter((s) => /voltou a estar disponível/.test(s))).toHaveLength(1);
    const text = await mailText(alerts[0].ID);
    expect(text).toContain(`/pt/producto/${productId}`);
  });
});

describe("a campaign, on a desktop in Spanish", () => {
  let owner: { context: BrowserContext; page: Page };
  const confirmed = "ana.boletin@example.com";
  const pending = "rui.boletin@example.com";
  const subject = `Novedades de la semana ${Date.now()}`;

  beforeAll(async () => {
    for (const [email, language] of [
      [confirmed, "LANGUAGE_ES"],
      [pending, "LANGUAGE_PT"],
    ]) {
      expect((await post("ContactService", "SubscribeNewsletter", { email, language, consentVersion: "2026-11-24" })).status).toBe(200);
    }
    const [request] = await waitForMail(confirmed, /Confirma tu suscripción/);
    const token = new URL(linkIn(await mailText(request.ID), "confirmar")).searchParams.get("confirmar");
    expect((await post("ContactService", "ConfirmNewsletter", { token })).status).toBe(200);
    owner = await signedInAs("admin@sabores.es", "es", viewports.desktop);
  });
  afterAll(async () => {
    await owner.context.close();
  });

  it("is written, previewed, tested on the owner and sent to the confirmed subscribers only", async () => {
    const page = owner.page;
    await page.goto("/admin/newsletters");
    await page.getByLabel("Asunto en español").waitFor();
    await dismissBanner(page);
    await page.getByLabel("Asunto en español").fill(subject);
    await page.getByLabel("Asunto en portugués").fill(`Novidades da semana`);
    await page.getByLabel("Texto en español").fill("# Llegó el açaí\n\nYa está en la tienda:\n\n- Açaí congelado\n- **Guaraná**\n\n[Verlo](https://sabores.example/todos)");
    await page.getByLabel("Texto en portugués").fill("Chegou o açaí.");
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await page.getByText("Borrador guardado.").waitFor();
    await page.getByRole("button", { name: "Vista previa" }).click();
    await page.frameLocator('iframe[title="Vista previa en Español"]').getByRole("heading", { name: "Llegó el açaí" }).waitFor();
    await screenshot(page, "newsletter-preview");
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Enviarme una prueba" }).click();
    await page.getByText("Prueba enviada a admin@sabores.es en los dos idiomas.").waitFor();
    await waitForMail("admin@sabores.es", new RegExp(`^\\[PRUEBA\\] ${subject}$`));
    await waitForMail("admin@sabores.es", /^\[TESTE\] Novidades da semana$/);

    const card = page.getByTestId("campaign").filter({ hasText: subject });
    await card.getByRole("button", { name: /^Enviar el boletín #\d+ a los suscriptores$/ }).click();
    await card.getByText("Se enviará a todos los suscriptores confirmados").waitFor();
    await card.getByRole("button", { name: "Sí, enviar a los suscriptores" }).click();
    await page.getByText(/Boletín en cola para \d+ suscriptor(es)?\./).waitFor();

    const [received] = await waitForMail(confirmed, new RegExp(`^${subject}$`), 60_000);
    await expect.poll(async () => (await card.locator('[data-count="sent"]').textContent()) ?? "", { timeout: 30_000 }).not.toBe("0");
    await screenshot(page, "newsletter-sent");
    expect((await caughtSubjects(confirmed)).filter((s) => s === subject)).toHaveLength(1);
    expect(await caughtSubjects(pending)).not.toContain(subject);

    // The one-click unsubscribe: the headers, a GET that only asks, a POST
    // without any cookie that unsubscribes.
    const headers = (await (await fetch(`${mailpitURL}/api/v1/message/${received.ID}/headers`)).json()) as Record<string, string[]>;
    expect(headers["List-Unsubscribe-Post"]).toEqual(["List-Unsubscribe=One-Click"]);
    const address = headers["List-Unsubscribe"][0].replace(/^<|>$/g, "");
    expect(address).toMatch(/\/newsletter\/unsubscribe\?token=/);
    expect(await mailText(received.ID)).toContain(address);
    const get = await fetch(address, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(get.headers.get("Location")).toContain("/newsletter?baja=");
    const oneClick = await fetch(address, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    await page.reload();
    await expect
      .poll(async () => (await page.getByTestId("campaign").filter({ hasText: subject }).locator('[data-count="unsubscribed"]').textContent()) ?? "")
      .toBe("1");
    // The page the GET leads to asks first; the subscription has ended already.
    const shopper = await signedInAs(null, "es", viewports.desktop);
    await shopper.page.goto(get.headers.get("Location")!.replace(/^https?:\/\/[^/]+/, baseURL));
    await shopper.page.getByRole("button", { name: "Darme de baja" }).waitFor();
    await screenshot(shopper.page, "newsletter-unsubscribe-page");
    await shopper.context.close();
  });
});
