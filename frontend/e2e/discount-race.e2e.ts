import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, baseURL, launch, screenshot, signIn, type Browser, type Page } from "./browser";
import { fortyEuroCart } from "./carts";

// The race for a discount code's last use (issue 41), in Portuguese on a
// 360 px phone: two shoppers reach the last step of checkout with a code
// that has one use left and place their orders at the same moment. Exactly
// one gets the discount and goes on to pay; the other is told plainly the
// code has been used up, and no order of theirs is placed with it.

const phone = { width: 360, height: 740 };
const stamp = Date.now().toString(36).toUpperCase();
const code = `RACE${stamp}`;
const usedUp = "Este código já foi usado o número máximo de vezes permitido.";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function signedIn(email: string, start: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone, locale: "pt-PT" });
  await context.addInitScript(() => localStorage.setItem("language", "pt"));
  const page = await context.newPage();
  await page.goto(`/auth?redirect=${encodeURIComponent(start)}`);
  await page.getByRole("button", { name: "Aceitar todos" }).click();
  await signIn(page, email);
  await page.waitForURL((u) => !u.pathname.startsWith("/auth") && !u.pathname.startsWith("/dev-oidc"));
  return page;
}


/** toConfirm fills the cart, applies the code and walks checkout to its last step, paying by card. */
async function toConfirm(email: string): Promise<Page> {
  const cart = await fortyEuroCart();
  const page = await signedIn(email, "/");
  await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items)), cart);
  await page.goto("/cart");
  await page.getByLabel("Código de desconto").fill(code);
  await page.getByRole("button", { name: "Aplicar" }).click();
  await page.getByText(`Desconto (${code})`).waitFor();
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await page.waitForURL(/\/checkout/);
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Telefone").fill("+34 600 123 456");
  await page.getByLabel("Morada").fill("Rúa Rosalía de Castro 12");
  await page.getByLabel("Cidade").fill("Burela");
  await page.getByLabel("Código postal").fill("27880");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel(/^Cartão/).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByText(`Desconto (${code})`).waitFor();
  return page;
}

describe("the last use of a discount code", () => {
  it("goes to exactly one of two orders placed at once", async () => {
    const admin = await signedIn("admin@sabores.es", "/admin/discount-codes");
    // The sign-in's own way into the back office ends before the walk goes
    // on (a navigation of its own would be interrupted by it).
    await admin.waitForURL(/\/admin/);
    await appReady(admin);
    await admin.goto("/admin/discount-codes");
    await admin.getByLabel("Código", { exact: true }).fill(code);
    await admin.getByLabel("Percentagem (%) ou valor (€)").fill("10");
    await admin.getByLabel("Utilizações no total (0: sem limite)").fill("1");
    await admin.getByRole("button", { name: "Criar código" }).click();
    await admin.getByRole("listitem", { name: code }).waitFor();
    await admin.context().close();

    const pages = await Promise.all([toConfirm(`corrida-a-${stamp}@example.com`), toConfirm(`corrida-b-${stamp}@example.com`)]);
    await Promise.all(pages.map((p) => p.getByRole("button", { name: "Encomenda com obrigação de pagamento" }).click()));
    const outcomes = await Promise.all(
      pages.map((p) =>
        Promise.race([
          p.waitForURL(/\/dev-redsys\/realizarPago$/, { timeout: 30_000 }).then(() => "discounted" as const),
          p.getByText(usedUp).first().waitFor({ timeout: 30_000 }).then(() => "refused" as const),
        ]),
      ),
    );
    expect(outcomes.toSorted()).toEqual(["discounted", "refused"]);
    const refused = pages[outcomes.indexOf("refused")];
    // The summary no longer counts the discount the order will not have.
    await expect.poll(() => refused.getByText(`Desconto (${code})`).count(), { timeout: 15_000 }).toBe(0);
    await screenshot(refused, "discount-race-refused-pt");
    expect(await refused.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const p of pages) await p.context().close();
  }, 180_000);
});
