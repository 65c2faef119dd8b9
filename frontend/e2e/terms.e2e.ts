import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, expectNoSeriousA11yViolations, launch, screenshot, signIn, type Browser, type Page } from "./browser";

// Issue 38's legal pages and hints against the real shop: the general
// conditions of sale (from the footer, with the owner's details and the
// return policy's exclusions), the privacy notice on the contact form, and
// the country visibility table saying on a phone that it scrolls. Portuguese
// on a 360 px phone, Spanish on a desktop.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const phone = { width: 360, height: 780 };
const desktop = { width: 1280, height: 900 };

const cases = [
  {
    language: "pt",
    viewport: phone,
    terms: "Condições gerais de venda",
    sections: ["Quem lhe vende", "Direito de livre resolução (14 dias)", "Lei aplicável"],
    exclusions: /^Exceções: os produtos perecíveis/,
    returns: "Política de devoluções",
    note: "Informação básica sobre proteção de dados",
    privacy: "Mais informação na política de privacidade",
    hint: "Deslize a tabela para o lado para ver todos os países",
  },
  {
    language: "es",
    viewport: desktop,
    terms: "Condiciones generales de venta",
    sections: ["Quién te vende", "Derecho de desistimiento (14 días)", "Ley aplicable"],
    exclusions: /^Excepciones: los productos perecederos/,
    returns: "Política de devoluciones",
    note: "Información básica sobre protección de datos",
    privacy: "Más información en la política de privacidad",
    hint: "Desliza la tabla hacia un lado para ver todos los países",
  },
] as const;

async function open(language: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT" });
  await context.addInitScript((language) => {
    localStorage.setItem("language", language);
    localStorage.setItem(
      "cookiePreferences",
      JSON.stringify({ technical: true, analytics: false, marketing: false, personalization: false, consentGiven: true, consentTimestamp: new Date().toISOString(), policyVersion: "2026-11-24" }),
    );
  }, language);
  return context.newPage();
}

/** decideCookies answers the consent banner if this profile is asked, so screenshots show the page. */
async function decideCookies(page: Page) {
  const accept = page.getByRole("button", { name: /^(Aceptar todas|Aceitar todos)$/ });
  if (await accept.isVisible()) await accept.click();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

describe("terms, privacy notice and scroll hint", () => {
  for (const c of cases) {
    it(`in ${c.language} at ${c.viewport.width} px, the footer leads to the terms, which agree with the return policy`, async () => {
      const page = await open(c.language, c.viewport);
      const res = await page.goto("/terms");
      expect(res?.status()).toBe(200);
      await page.goto("/");
      await decideCookies(page);
      await page.getByRole("contentinfo").getByRole("link", { name: c.terms }).click();
      await page.waitForURL(/\/terms$/);
      await page.getByRole("heading", { level: 1, name: c.terms }).waitFor();
      for (const s of c.sections) await page.getByRole("heading", { level: 2, name: new RegExp(`\\d+\\. ${s.replace(/[()]/g, "\\$&")}$`) }).waitFor();
      const sentence = (await page.getByText(c.exclusions).textContent()) ?? "";
      await noSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `terms-${c.language}`);
      await page.getByRole("article").getByRole("link", { name: c.returns }).click();
      await page.waitForURL(/\/return-policy$/);
      await page.getByText(sentence, { exact: true }).waitFor();
      await page.context().close();
    });

    it(`in ${c.language} at ${c.viewport.width} px, the contact form carries the privacy notice`, async () => {
      const page = await open(c.language, c.viewport);
      await page.goto("/contact");
      await decideCookies(page);
      const note = page.getByRole("region", { name: c.note });
      await note.waitFor();
      await note.getByRole("link", { name: c.privacy }).waitFor();
      await noSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await note.scrollIntoViewIfNeeded();
      await screenshot(page, `contact-privacy-${c.language}`);
      await page.context().close();
    });
  }

  it("the country visibility table says on a phone, not on a desktop, that it scrolls sideways", async () => {
    const page = await open("es", desktop);
    await page.goto("/auth?redirect=/admin");
    await signIn(page, "admin@sabores.es");
    await page.waitForURL(`${baseURL}/admin`);
    await page.goto("/admin/products-by-country");
    await decideCookies(page);
    const table = page.getByRole("region", { name: "Productos y su visibilidad en cada país" });
    await table.getByRole("checkbox").first().waitFor();
    expect(await page.getByText(cases[1].hint).count()).toBe(0);
    await page.setViewportSize(phone);
    await page.getByText(cases[1].hint).waitFor();
    // The keyboard scrolls it too: the region takes the focus.
    await table.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await screenshot(page, "visibility-scroll-hint-es");
    await page.context().close();
  });
});
