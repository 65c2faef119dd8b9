import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appReady, baseURL, expectNoSeriousA11yViolations, launch, screenshot, signIn, viewports, type Browser, type Page } from "./browser";

// The owner's webhook screen (issue 39): an endpoint added with its secret
// shown once, a delivery the receiver refuses shown failing with its
// response code and the endpoint's run of failures, sent again once the
// receiver works, the endpoint disabled; then in Portuguese on a phone,
// enabled again. The receiver is this test's HTTP server: outside
// production the shop delivers to this machine.

let browser: Browser;
let receiver: Server;
let receiverURL: string;
let answer = 500;
const received: { id: string; status: number }[] = [];
// The delivery the first walk sends again: other stock changes (a cart's
// reservation running out) deliver events of their own meanwhile, so the
// walks follow this one by its event's id, not the log's first row.
let eventPrefix = "";

async function adminPage(viewport: { width: number; height: number }, language: "es" | "pt"): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "pt" ? "pt-PT" : "es-ES" });
  await context.addInitScript((lang) => {
    localStorage.setItem("language", lang);
  }, language);
  const page = await context.newPage();
  await page.goto("/admin");
  await page.waitForURL(/\/auth\?redirect=/);
  await appReady(page);
  await page.getByRole("button", { name: /Aceitar todos|Aceptar todas/ }).click();
  await signIn(page, "admin@sabores.es");
  await page.waitForURL(`${baseURL}/admin`);
  return page;
}

/** changeStock adds a unit to the first product of the catalogue, as the signed-in admin: a stock.changed event. */
async function changeStock(page: Page) {
  await page.goto("/admin/catalogue");
  // The list loads after the page: wait for a product's link.
  const link = await page.waitForFunction(() =>
    [...document.querySelectorAll("a")].map((a) => a.getAttribute("href")?.match(/\/admin\/catalogue\/(\d+)$/)?.[1]).find(Boolean),
  );
  const productId = (await link.jsonValue()) as string;
  expect(productId).toBeTruthy();
  const status = await page.evaluate(async (id) => {
    const res = await fetch("/sabores.v1.AdminStockService/AdjustStock", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Connect-Protocol-Version": "1" },
      body: JSON.stringify({ productId: id, delta: 1, reason: "STOCK_ADJUSTMENT_REASON_RECEIPT", note: "webhooks e2e" }),
    });
    return res.status;
  }, productId);
  expect(status).toBe(200);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push({ id: String(req.headers["webhook-id"] ?? ""), status: answer });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/sabores`;
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
  // close() waits for every connection to end, and shopd's deliveries keep
  // theirs open between events (one may be on its way): under CI's load the
  // hook waited out its four minutes.
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the webhooks screen", () => {
  it("adds an endpoint, shows a refused delivery, sends it again and disables the endpoint (es, desktop)", async () => {
    const page = await adminPage(viewports.desktop, "es");
    await page.getByRole("link", { name: /Webhooks/ }).waitFor();
    await page.goto("/admin/webhooks");
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();

    await page.getByLabel("Dirección (URL)").fill(receiverURL);
    await page.getByLabel("Pedido pagado").uncheck();
    await page.getByLabel("Stock cambiado").check();
    await page.getByRole("button", { name: "Añadir webhook" }).click();
    const secret = page.getByTestId("webhook-secret");
    expect(await secret.textContent()).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    await page.getByRole("button", { name: "Ya la he guardado" }).click();
    expect(await page.getByTestId("webhook-secret").count()).toBe(0);

    await changeStock(page);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.goto("/admin/webhooks");
    const card = page.getByRole("listitem").filter({ hasText: receiverURL });
    await card.getByText(/Falla desde el .*intentos? fallidos?/).waitFor({ timeout: 15_000 });
    await card.getByRole("button", { name: "Ver entregas" }).click();
    const failing = card.getByRole("row").filter({ hasText: "stock.changed" }).filter({ hasText: /Reintentando|Fallido/ }).first();
    await failing.getByRole("cell", { name: "500", exact: true }).waitFor();
    eventPrefix = (await failing.locator("span.font-mono").textContent()) ?? "";
    expect(eventPrefix).toMatch(/^[0-9a-f-]{8}…$/);
    const row = card.getByRole("row").filter({ hasText: eventPrefix });

    answer = 204;
    await row.getByRole("button", { name: /^Enviar de nuevo/ }).click();
    await page.getByText("La entrega se enviará de nuevo en unos segundos.").first().waitFor();
    await row.getByText("Entregado").waitFor({ timeout: 20_000 });
    await row.getByRole("cell", { name: "204", exact: true }).waitFor();
    await card.getByText("Activo", { exact: true }).waitFor({ timeout: 15_000 });
    expect(received.some((r) => r.status === 204 && r.id !== "")).toBe(true);

    await card.getByRole("button", { name: `Desactivar: ${receiverURL}` }).click();
    await card.getByText(/^Desactivado por ti el /).waitFor();
    expect(await row.getByRole("button", { name: /^Enviar de nuevo/ }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhooks-es");
  });

  it("shows the disabled endpoint and its log in Portuguese on a phone, and enables it", async () => {
    const page = await adminPage({ width: 360, height: 740 }, "pt");
    await page.goto("/admin/webhooks");
    const card = page.getByRole("listitem").filter({ hasText: receiverURL });
    await card.getByText(/^Desativado por si a /).waitFor();
    await card.getByRole("button", { name: `Ativar: ${receiverURL}` }).click();
    await card.getByText("Ativo", { exact: true }).waitFor();
    await card.getByRole("button", { name: "Ver entregas" }).click();
    await card.getByRole("row").filter({ hasText: eventPrefix }).getByText("Entregue").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhooks-pt-360");
  });
});
