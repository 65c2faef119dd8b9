import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, expectNoSeriousA11yViolations, launch, screenshot, signIn, baseURL, type Browser } from "./browser";

// The contact form and the newsletter box against the real shop, at phone
// and desktop widths in both languages, and the back office's list of what
// came in. (The e-mails themselves are proved with a real Mailpit by the Go
// tests of package contact.)

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const cases = [
  {
    language: "es",
    viewport: { width: 390, height: 844 },
    form: "Envíanos un mensaje",
    labels: { name: "Nombre", email: "Correo electrónico", subject: "Asunto", message: "Mensaje", send: "Enviar mensaje" },
    sent: /Gracias, hemos recibido tu mensaje \(n\.º \d+\)/,
    box: { title: "Boletín", email: "Tu correo electrónico", submit: "Suscribirse" },
    asked: "Te hemos enviado un correo: confirma la suscripción con su enlace.",
  },
  {
    language: "pt",
    viewport: { width: 1366, height: 800 },
    form: "Envie-nos uma mensagem",
    labels: { name: "Nome", email: "Email", subject: "Assunto", message: "Mensagem", send: "Enviar mensagem" },
    sent: /Obrigado, recebemos a sua mensagem \(n\.º \d+\)/,
    box: { title: "Newsletter", email: "O seu email", submit: "Subscrever" },
    asked: "Enviámos-lhe um e-mail: confirme a subscrição com a ligação.",
  },
] as const;

describe("contact form and newsletter", () => {
  for (const c of cases) {
    it(`send a message and ask for the newsletter in ${c.language} at ${c.viewport.width} px`, async () => {
      const context = await browser.newContext({ baseURL, viewport: c.viewport, locale: c.language === "es" ? "es-ES" : "pt-PT" });
      await context.addInitScript((language) => localStorage.setItem("language", language), c.language);
      const page = await context.newPage();
      await page.goto("/contact");
      await page.getByRole("button", { name: c.language === "es" ? "Aceptar todas" : "Aceitar todos" }).click();
      const form = page.getByRole("form", { name: c.form });
      await form.getByLabel(c.labels.name, { exact: true }).fill(`Cliente ${c.language}`);
      await form.getByLabel(c.labels.email, { exact: true }).fill(`cliente-${c.language}@example.com`);
      await form.getByLabel(c.labels.subject).selectOption("pedido");
      await form.getByLabel(c.labels.message, { exact: true }).fill(`¿Dónde está mi pedido? (${c.language})`);
      await form.getByRole("button", { name: c.labels.send }).click();
      await form.getByText(c.sent).waitFor();

      const box = page.getByRole("form", { name: c.box.title });
      await box.getByLabel(c.box.email).fill(`lector-${c.language}@example.com`);
      await box.getByRole("checkbox").check();
      await box.getByRole("button", { name: c.box.submit }).click();
      await box.getByText(c.asked).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await screenshot(page, `contact-sent-${c.language}`);
      await context.close();
    });
  }

  it("the back office lists the messages and the pending subscriptions", async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/admin");
    await page.waitForURL(/\/auth\?redirect=/);
    await acceptCookies(page);
    await signIn(page, "admin@sabores.es");
    await page.waitForURL(`${baseURL}/admin`);
    await page.getByRole("link", { name: /Mensajes y boletín/ }).click();
    await page.getByRole("heading", { level: 1, name: "Mensajes y boletín" }).waitFor();
    const messages = page.getByRole("region", { name: "Mensajes de contacto" });
    await messages.getByText("¿Dónde está mi pedido? (es)").waitFor();
    await messages.getByText("¿Dónde está mi pedido? (pt)").waitFor();
    const subscribers = page.getByRole("region", { name: "Suscriptores del boletín" });
    await subscribers.getByText("lector-pt@example.com").waitFor();
    expect(await subscribers.getByText("Sin confirmar").count()).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "admin-messages");
    await context.close();
  });
});
