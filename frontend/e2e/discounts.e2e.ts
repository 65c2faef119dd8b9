import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, launch, screenshot, signedInAs, type Browser, type Page } from "./browser";
import { fortyEuroCart } from "./carts";

// Discount codes (issue 41), in Portuguese on a 360 px phone: the owner
// creates a 10 % code with one use in the back office; María applies it to
// a cart of 40 € of goods at two VAT rates, pays by card, and her order
// page shows the discount and the VAT by rate of the invoiced order; João
// then tries the same code and is told plainly it has been used up.

const phone = { width: 360, height: 740 };
const code = `E2E${Date.now().toString(36).toUpperCase()}`;

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** signedIn is a Portuguese shopper (or the owner) signed in on the phone. */
async function signedIn(email: string): Promise<Page> {
  return (await signedInAs(browser, email, "pt", phone)).page;
}

describe("a discount code", () => {
  it("is created by the owner with one use", async () => {
    const admin = await signedIn("admin@sabores.es");
    await admin.goto("/admin/discount-codes");
    await admin.getByLabel("Código", { exact: true }).fill(code);
    await admin.getByLabel("Percentagem (%) ou valor (€)").fill("10");
    await admin.getByLabel("Utilizações no total (0: sem limite)").fill("1");
    await admin.getByRole("button", { name: "Criar código" }).click();
    const row = admin.getByRole("listitem", { name: code });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("0 / 1");
    await screenshot(admin, "discount-admin-pt");
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(admin);
    await admin.context().close();
  });

  it("takes 10 % off a 40 € cart, and the order shows it with VAT by rate", async () => {
    const cart = await fortyEuroCart();
    const goods = cart.reduce((s, l) => s + l.priceCents * l.quantity, 0);
    const page = await signedIn("maria@example.com");
    await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items)), cart);
    await page.goto("/cart");
    await page.getByLabel("Código de desconto").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Aplicar" }).click();
    const off = Math.round(goods / 10);
    const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
    await page.getByText(`Desconto (${code})`).waitFor();
    await page.getByText(new RegExp(`−${euros(off)}\\s€`)).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "discount-cart-pt");

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
    await screenshot(page, "discount-confirm-pt");
    await page.getByRole("button", { name: "Encomenda com obrigação de pagamento" }).click();
    await page.waitForURL(/\/dev-redsys\/realizarPago$/);
    await page.getByRole("button", { name: "Aprovar o pagamento" }).click();
    await page.waitForURL(/\/orders\/\d+\?payment=ok/);
    await page.getByText(`Desconto (${code})`).waitFor();
    // The invoiced order's VAT by rate, net of the discount: one line per rate.
    await page.getByText(/^IVA \d+ %: base \+ valor$/).first().waitFor();
    expect(await page.getByText(/^IVA \d+ %: base \+ valor$/).count()).toBeGreaterThanOrEqual(2);
    const amount = page.locator("dt", { hasText: `Desconto (${code})` }).locator("xpath=following-sibling::dd[1]");
    expect(await amount.textContent()).toMatch(new RegExp(`^−${euros(off)}\\s€$`));
    // The payment issued the invoice, whose lines carry the same discount by rate.
    await page.getByRole("button", { name: "Ver faturas" }).click();
    await page.getByText(/^Fatura simplificada FS\d{4}-\d{6}$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "discount-order-pt");
    await page.context().close();
  });

  it("is refused with a clear message once its one use is taken", async () => {
    const cart = await fortyEuroCart();
    const page = await signedIn("joao@example.com");
    await page.evaluate((items) => localStorage.setItem("cart", JSON.stringify(items)), cart);
    await page.goto("/cart");
    const field = page.getByLabel("Código de desconto");
    await field.fill(code);
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.getByText("Este código já foi usado o número máximo de vezes permitido.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(`Desconto (${code})`).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "discount-refused-pt");
    await page.context().close();
  });
});
