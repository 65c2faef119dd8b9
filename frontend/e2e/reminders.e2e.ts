import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, caughtSubjects, launch, mailpitURL, rpc, screenshot, signIn, waitForMail, type Browser, type Page } from "./browser";

// Cart reminders (issue 41), in Portuguese on a 360 px phone. shopd runs
// with CART_IDLE=5s (global-setup): a signed-in shopper's cart untouched
// that long is abandoned. Two shoppers leave a cart: the one subscribed to
// the newsletter (confirmed: the consent LSSI art. 21 asks) gets one
// reminder, in Portuguese, linking back to the cart; the other gets none.

const phone = { width: 360, height: 740 };
const stamp = Date.now().toString(36);
const consenting = `lembrete-${stamp}@example.com`;
const silent = `sem-consentimento-${stamp}@example.com`;
const reminder = /O seu carrinho está à sua espera/;
// The newsletter's consent text version (src/features/contact/subscribe.ts).
const newsletterConsentVersion = "2026-11-24";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function mailText(id: string): Promise<string> {
  return ((await (await fetch(`${mailpitURL}/api/v1/message/${id}`)).json()) as { Text: string }).Text;
}

/** post makes a Connect call with side effects (rpc asks over GET, for reads only). */
async function post(service: string, method: string, message: object) {
  const res = await fetch(`${baseURL}/sabores.v1.${service}/${method}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify(message),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** subscribe asks for the newsletter for email in Portuguese and confirms it through the e-mail's link. */
async function subscribe(email: string) {
  await post("ContactService", "SubscribeNewsletter", { email, language: "LANGUAGE_PT", consentVersion: newsletterConsentVersion });
  const [confirm] = await waitForMail(email, /.*/);
  const token = /[?&]confirmar=([^\s&]+)/.exec(await mailText(confirm.ID))?.[1];
  expect(token).toBeTruthy();
  await post("ContactService", "ConfirmNewsletter", { token: decodeURIComponent(token ?? "") });
}

/** leaveCart signs email in with one product in the browser's cart, which the sign-in keeps on the server too. */
async function leaveCart(email: string): Promise<Page> {
  const res = await rpc<{ products: { id: string; name: string; priceCents: string; stock: number }[] }>("CatalogService", "ListProducts", {
    page: 1,
    pageSize: 20,
  });
  const product = res.products.find((p) => p.stock > 0);
  if (!product) throw new Error("no product in stock");
  const context = await browser.newContext({ baseURL, viewport: phone, locale: "pt-PT" });
  const page = await context.newPage();
  await page.goto("/pt/auth?redirect=%2Fcart");
  await page.evaluate(
    (p) => localStorage.setItem("cart", JSON.stringify([{ id: Number(p.id), name: p.name, priceCents: Number(p.priceCents), image: "", quantity: 2 }])),
    product,
  );
  await page.getByRole("button", { name: "Aceitar todos" }).click();
  await signIn(page, email);
  await page.waitForURL((u) => u.pathname === "/pt/cart");
  await page.getByRole("heading", { level: 1 }).waitFor();
  return page;
}

describe("cart reminders, only with consent", () => {
  it("reminds the subscriber once, in Portuguese, and nobody else", async () => {
    await subscribe(consenting);
    const withConsent = await leaveCart(consenting);
    const without = await leaveCart(silent);
    await screenshot(withConsent, "reminder-cart-pt");

    const [mail, ...more] = await waitForMail(consenting, reminder, 60_000);
    expect(more).toHaveLength(0);
    const text = await mailText(mail.ID);
    expect(text).toContain(`${baseURL}/pt/cart`);
    expect(text).toContain("× 2");

    // Three more idle periods: still one reminder, and none without consent.
    await new Promise((r) => setTimeout(r, 15_000));
    expect((await caughtSubjects(consenting)).filter((s) => reminder.test(s))).toHaveLength(1);
    expect((await caughtSubjects(silent)).filter((s) => reminder.test(s))).toHaveLength(0);
    await withConsent.context().close();
    await without.context().close();
  }, 120_000);
});
