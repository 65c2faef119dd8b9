import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptCookies,
  baseURL,
  cartInStorage,
  expectNoSeriousA11yViolations,
  launch,
  newContext,
  rpc,
  screenshot,
  signIn,
  viewports,
  takeTransfers,
  type Browser,
  type BrowserContext,
  type Page,
} from "./browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  await takeTransfers(browser);
  context = await newContext(browser);
  page = await context.newPage();
  await page.goto("/");
  await acceptCookies(page);
});
afterAll(async () => {
  await browser.close();
});

// getProduct asks the real API for a product, as the app does.
async function getProduct(id: number): Promise<{ name: string; stock: number }> {
  return (await rpc<{ product: { name: string; stock: number } }>("CatalogService", "GetProduct", { id: String(id) })).product;
}

async function openFirstSearchResult(word: string): Promise<number> {
  await page.getByRole("combobox", { name: "Buscar productos" }).fill(word);
  const option = page.getByRole("listbox", { name: "Resultados de la búsqueda" }).getByRole("option").first();
  await option.waitFor();
  await page.getByText(/resultado\(s\) encontrado\(s\)/).waitFor();
  await option.getByRole("link").click();
  await page.waitForURL(/\/producto\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

async function checkout(payment: RegExp) {
  await page.goto("/cart");
  await page.getByRole("button", { name: "Finalizar Compra" }).click();
  await page.getByRole("heading", { name: "Revisión", level: 2 }).waitFor();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel("Teléfono").fill("+34 600 123 456");
  await page.getByLabel("Dirección").fill("Rúa Rosalía de Castro 12");
  await page.getByLabel("Ciudad").fill("Burela");
  await page.getByLabel("Código postal").fill("27880");
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByLabel(payment).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await page.getByRole("heading", { name: "Confirmación", level: 2 }).waitFor();
  await page.getByRole("button", { name: "Confirmar pedido con obligación de pago" }).click();
  // A card order goes on to the payment gateway, any other to its page. The
  // success toast lives in the page a card order leaves at once (a real POST
  // to Redsys), so only the other orders' page can be asked for it.
  await page.waitForURL(/\/(orders\/\d+|dev-redsys\/realizarPago)$/);
  if (page.url().includes("/orders/")) await page.getByText("¡Pedido finalizado con éxito!").waitFor();
  expect(await cartInStorage(page)).toEqual([]);
}

describe("a shopper", () => {
  let productId = 0;

  it("finds a product with an unaccented word and adds it", async () => {
    productId = await openFirstSearchResult("guarana");
    await page.getByRole("heading", { level: 1, name: /guaran/i }).waitFor();
    await page.getByRole("button", { name: "Aumentar cantidad" }).click();
    await page.getByRole("button", { name: "Añadir 2 al carrito" }).click();
    await page.getByRole("button", { name: "Añadido" }).waitFor();
    expect(await cartInStorage(page)).toEqual([expect.objectContaining({ id: productId, quantity: 2 })]);
  });

  it("is stopped by the stock limit with a toast", async () => {
    const { stock } = await getProduct(productId);
    await page.getByLabel("Cantidad", { exact: true }).fill(String(stock));
    await page.getByRole("button", { name: `Añadir ${stock} al carrito` }).click();
    await page.getByText("Cantidad no disponible").waitFor();
    await page.getByText(`Solo tenemos ${stock} unidades en stock. Ya tienes 2 en el carrito.`).waitFor();
    expect(await cartInStorage(page)).toEqual([expect.objectContaining({ id: productId, quantity: 2 })]);
  });

  it("changes the quantity in the cart, priced by the server", async () => {
    await page.goto("/cart");
    const name = (await getProduct(productId)).name;
    await page.getByRole("button", { name: `Añadir una unidad de ${name}` }).click();
    await page.getByLabel(`Cantidad de ${name}`).filter({ hasText: "3" }).waitFor();
    expect(await cartInStorage(page)).toEqual([expect.objectContaining({ quantity: 3 })]);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "cart");
  });

  it("signs in from the cart and lands on checkout", async () => {
    await page.getByRole("button", { name: "Finalizar Compra" }).click();
    await page.waitForURL(/\/auth\?redirect=checkout/);
    await signIn(page, "maria@example.com");
    await page.waitForURL(`${baseURL}/checkout`);
    await page.getByRole("heading", { name: "Revisión", level: 2 }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "checkout");
  });

  it("checks out with card, transfer and cash on delivery", async () => {
    await checkout(/^Tarjeta/);
    for (const payment of [/^Transferencia bancaria/, /^Pago contra reembolso/]) {
      await page.goto(`/producto/${productId}`);
      await page.getByRole("heading", { level: 1, name: /guaran/i }).waitFor();
      await page.getByRole("button", { name: "Añadir 1 al carrito" }).click();
      await page.getByRole("button", { name: "Añadido" }).waitFor();
      await checkout(payment);
    }
  });

  it("sees the orders on the dashboard and on /orders", async () => {
    await page.goto("/client-dashboard");
    await page.getByRole("heading", { name: /María Silva/ }).waitFor();
    const totalCard = page.getByRole("link", { name: /Pedidos totales/ });
    await expect.poll(async () => Number((await totalCard.textContent())?.replace(/\D/g, "")) >= 3).toBe(true);
    await screenshot(page, "client-dashboard");
    await totalCard.click();
    await page.waitForURL(/\/orders$/);
    await expect.poll(async () => page.getByText(/^Pedido #\d+$/).count()).toBeGreaterThanOrEqual(3);
    // Each row says what its order's page says (orderState): the card and
    // transfer orders wait for their money, the cash one is simply placed.
    await page.getByText("Esperando tu pago").first().waitFor();
    await page.getByText("Pedido recibido").first().waitFor();
    await screenshot(page, "orders");
  });

  it("signs out with a toast", async () => {
    await page.goto("/client-dashboard");
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.getByText("Sesión cerrada").waitFor();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole("link", { name: "Entrar" }).waitFor();
  });

  it("sees the mobile menu at phone width", async () => {
    const phone = await newContext(browser, viewports.phone);
    const p = await phone.newPage();
    await p.goto("/");
    await p.getByRole("button", { name: "Abrir menú" }).click();
    const menu = p.getByRole("dialog");
    await menu.getByRole("link", { name: "Colombia" }).waitFor();
    await screenshot(p, "mobile-menu");
    await p.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await phone.close();
  });

  it("sends an admin who signs in to /admin", async () => {
    const admin = await newContext(browser);
    const p = await admin.newPage();
    await p.goto("/auth?redirect=checkout");
    await signIn(p, "admin@sabores.es");
    await p.waitForURL(/\/admin$/);
    await admin.close();
  });
});
