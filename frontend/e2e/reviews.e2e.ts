import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import {
  appReady,
  baseURL,
  expectNoSeriousA11yViolations,
  launch,
  signedInAs,
  screenshot,
  screenshotDir,
  viewports,
  type Browser,
  type BrowserContext,
  type Page,
} from "./browser";

// Verified reviews (issue 41), on a 360 px phone in Portuguese: the buyer of
// a delivered order reviews its product, nothing shows until the owner
// publishes it on the back office, then the product page shows it with the
// line saying how reviews are verified.

const guarana = 1001;
const phone360 = { width: 360, height: viewports.phone.height };
const reviewText = "Sabe mesmo ao do Brasil, chegou bem embalado.";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("a verified review, on a phone in Portuguese", () => {
  let shopper: { context: BrowserContext; page: Page };
  let admin: { context: BrowserContext; page: Page };
  let orderId = "";

  beforeAll(async () => {
    shopper = await signedInAs(browser, "joao@example.com", "pt", phone360);
    admin = await signedInAs(browser, "admin@sabores.es", "es", viewports.desktop);
  });
  afterAll(async () => {
    await shopper.context.close();
    await admin.context.close();
  });

  it("is offered only once the order is delivered", async () => {
    const page = shopper.page;
    await page.goto(`/producto/${guarana}`);
    // A click before the app takes the page over is lost under load.
    await appReady(page);
    await page.getByRole("button", { name: "Adicionar 1 ao carrinho" }).click();
    await page.goto("/checkout");
    await page.getByRole("heading", { name: "Revisão", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel("Telefone").fill("+34 600 123 456");
    await page.getByLabel("Morada").fill("Rua Real 1");
    await page.getByLabel("Cidade").fill("Vigo");
    await page.getByLabel("Código postal").fill("36201");
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByLabel(/^Pagamento na entrega/).check();
    await page.getByRole("button", { name: "Continuar" }).click();
    await page.getByRole("heading", { name: "Confirmação", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Encomenda com obrigação de pagamento" }).click();
    // The order placed is the one its page opens on: João's other orders
    // (other files pay theirs in the same shop) are not this one.
    await page.waitForURL(/\/orders\/\d+$/);
    orderId = new URL(page.url()).pathname.split("/").pop() ?? "";
    await page.goto(`/orders/${orderId}`);
    await page.getByRole("heading", { level: 1, name: new RegExp(orderId) }).waitFor();
    expect(await page.getByRole("region", { name: "Dê a sua opinião sobre a compra" }).count()).toBe(0);

    const desk = admin.page;
    await desk.goto(`/admin/orders/${orderId}`);
    const actions = desk.getByRole("region", { name: "Acciones" });
    await actions.getByRole("button", { name: "Empezar a preparar" }).click();
    await actions.getByRole("button", { name: "Enviar", exact: true }).click();
    const ship = desk.getByRole("dialog", { name: "Enviar" });
    await ship.getByLabel("Transportista").fill("Correos");
    await ship.getByLabel("Número de seguimiento").fill("PQ123456780ES");
    await ship.getByRole("button", { name: "Marcar como enviado" }).click();
    await ship.waitFor({ state: "detached" });
    await actions.getByRole("button", { name: "Marcar como entregado" }).click();
    await desk.getByText("Pedido entregado.").waitFor();
  });

  it("is written from the delivered order and waits for moderation", async () => {
    const page = shopper.page;
    await page.goto(`/orders/${orderId}`);
    const section = page.getByRole("region", { name: "Dê a sua opinião sobre a compra" });
    await section.getByRole("button", { name: /^Escrever uma opinião sobre Guaraná/ }).click();
    const form = section.getByRole("form", { name: /^Opinião sobre Guaraná/ });
    await form.getByRole("radio", { name: "4 estrelas" }).check({ force: true });
    await form.getByLabel("A sua opinião").fill(reviewText);
    await form.getByRole("button", { name: "Enviar opinião" }).click();
    await section.getByText("A aguardar revisão").waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "review-written-pt-360");
    await section.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await section.screenshot({ path: join(screenshotDir, "review-order-section-pt-360.png") });

    await page.goto(`/producto/${guarana}`);
    await page.getByRole("heading", { name: "Opiniões" }).waitFor();
    expect(await page.getByText(reviewText).count()).toBe(0);
  });

  it("is published by the owner, never edited, and then shows with the verified line", async () => {
    const desk = admin.page;
    await desk.goto("/admin/reviews");
    const card = desk.getByRole("listitem").filter({ hasText: reviewText });
    await card.getByText(`pedido ${orderId}`).waitFor();
    expect(await card.getByRole("textbox").count()).toBe(0);
    await screenshot(desk, "admin-reviews");
    await card.getByRole("button", { name: "Publicar" }).click();
    await card.waitFor({ state: "detached" });

    const page = shopper.page;
    const reviews = page.getByRole("region", { name: "Opiniões" });
    // The seeded review of María's delivered order and this one. The first
    // visit may get the page rendered before the decision (shopd serves
    // its last render while it renders anew), so the shopper reloads.
    await expect
      .poll(
        async () => {
          await page.goto(`/producto/${guarana}`);
          await reviews.getByRole("heading", { name: "Opiniões" }).waitFor();
          return reviews.getByText("4,5 de 5 · 2 opiniões").count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    await reviews.getByText(reviewText).waitFor();
    await reviews.getByText(/^Só pode opinar quem comprou o produto na Sabores/).waitFor();
    const mine = reviews.getByRole("listitem").filter({ hasText: reviewText });
    await mine.getByText("Compra verificada").waitFor();
    await mine.getByText("João S.").waitFor();
    await mine.getByRole("img", { name: "Avaliação: 4 de 5" }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "review-published-pt-360");
    await reviews.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await reviews.screenshot({ path: join(screenshotDir, "review-section-pt-360.png") });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("the product page's structured data rates from the published reviews", async () => {
    const res = await fetch(`${baseURL}/producto/${guarana}`);
    const html = await res.text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
    const product = blocks.find((b) => b["@type"] === "Product");
    expect(product?.aggregateRating).toMatchObject({ ratingValue: "4.5", reviewCount: 2 });
  });
});
