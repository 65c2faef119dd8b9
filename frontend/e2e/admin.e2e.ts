import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptCookies,
  baseURL,
  expectNoSeriousA11yViolations,
  launch,
  newContext,
  rpc,
  screenshot,
  signIn,
  viewports,
  type Browser,
  type Page,
} from "./browser";

// The back office against the real shopd, signed in through the built-in
// provider. Every change made here is undone at the end of its test, so the
// shopper flows that run after this file see the seeded catalogue.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  const context = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: "es-ES" });
  page = await context.newPage();
  await page.goto("/admin");
  await page.waitForURL(/\/auth\?redirect=/);
  await acceptCookies(page);
  await signIn(page, "admin@sabores.es");
  await page.waitForURL(`${baseURL}/admin`);
});
afterAll(async () => {
  await browser.close();
});

// The storefront's reads after a change are polled: shopd drops its cached
// answers once PostgreSQL's notification of the change reaches it
// (cataloguecache), a moment after the change's own answer; under CI's load
// a read right after the save came before it.
async function brasilProductNames(): Promise<string[]> {
  const res = await rpc<{ products?: { name: string }[] }>("CatalogService", "ListProducts", {
    country: "brasil",
    pageSize: 100,
  });
  return (res.products ?? []).map((p) => p.name);
}

async function storefrontProduct(id: string) {
  return (await rpc<{ product: { priceCents: string; vatBasisPoints: number } }>("CatalogService", "GetProduct", { id }))
    .product;
}

function card(name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

// setChannel waits for the server's answer, not only for the toast: an
// earlier toast with the same text may still be on screen.
async function setChannel(name: string, channel: string, toast: string) {
  const saved = page.waitForResponse((r) => r.url().includes("/SetProductChannel") && r.ok());
  await card(name).getByLabel(/Canal de venta/).selectOption({ label: channel });
  await saved;
  await page.getByText(toast).last().waitFor();
}

// curlStatus calls the back-office API the way an integrator does.
function curlStatus(secret: string): string {
  return execFileSync("curl", [
    "-s",
    "-o",
    "/dev/null",
    "-w",
    "%{http_code}",
    "-X",
    "POST",
    "-H",
    "Content-Type: application/json",
    "-H",
    `Authorization: Bearer ${secret}`,
    "-d",
    "{}",
    `${baseURL}/sabores.v1.AdminProductService/ListAdminProducts`,
  ]).toString();
}

describe("the back office", () => {
  it("shows real statistics, recent orders and the customers", async () => {
    await page.getByRole("heading", { name: "Panel de administración" }).waitFor();
    await page.getByRole("heading", { name: "Más vendidos" }).waitFor();
    await page.getByText(/^Mostrando \d+ de \d+$/).waitFor();
    await page.getByRole("heading", { name: "Pedidos recientes" }).waitFor();
    // The money paid, less refunds, per labelled period of Madrid days
    // (issue 37), each period with its days or "Nada cobrado…".
    const paid = page.getByRole("region", { name: "Cobrado" });
    for (const period of ["Hoy", "Últimos 7 días", "Últimos 30 días", "Este mes"]) {
      const item = paid.getByRole("listitem", { name: period });
      await item.getByText(/\(hora de Madrid\)$/).waitFor();
      expect(await item.getByText(/^(Neto|Nada cobrado ni reembolsado\.)$/).count()).toBe(1);
    }
    await expectNoSeriousA11yViolations(page);
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await screenshot(page, "admin");
    }
    await page.setViewportSize(viewports.desktop);
  });

  it("sells a product in the physical store only, and the storefront's Brasil page drops it", async () => {
    const product = "Goiabada Cascão 300 g";
    await expect.poll(brasilProductNames).toContain(product);
    await page.goto("/admin/products/brasil");
    await page.getByRole("heading", { name: "Productos de Brasil" }).waitFor();
    await card(product).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "admin-country-products");
    try {
      await setChannel(product, "Tienda física", "Canal actualizado correctamente.");
      await expect.poll(brasilProductNames).not.toContain(product);
    } finally {
      await setChannel(product, "Online y tienda física", "Canal actualizado correctamente.");
    }
    await expect.poll(brasilProductNames).toContain(product);
  });

  it("adds a product from the add-search and removes it again", async () => {
    const product = "Cachupa Mix 1 kg";
    await page.goto("/admin/products/brasil");
    await page.getByLabel("Buscar productos para añadir").fill("cachupa");
    await page.getByRole("button", { name: `Añadir: ${product}` }).click();
    await card(product).waitFor();
    await page.getByText("Canal actualizado correctamente.").last().waitFor();
    await expect.poll(brasilProductNames).toContain(product);

    await setChannel(product, "Quitar de este país", "Producto eliminado de este país.");
    await card(product).waitFor({ state: "detached" });
    await expect.poll(brasilProductNames).not.toContain(product);
  });

  it("edits a price that the storefront then shows, and refuses a VAT that is not a number", async () => {
    const product = "Feijão Preto 1 kg";
    await page.goto("/admin/products/brasil");
    await page.getByLabel("Filtrar por nombre, código o SKU").fill("feijao");
    const id = "1006";
    const before = await storefrontProduct(id);

    await card(product).getByRole("button", { name: `Editar: ${product}` }).click();
    let dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.getByLabel("IVA", { exact: true }).selectOption({ label: "Personalizado..." });
    await dialog.getByLabel("IVA personalizado (%)").fill("diez");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await dialog.getByText("Introduce números válidos para precio e IVA.").waitFor();
    await page.keyboard.press("Escape");
    expect(await storefrontProduct(id)).toEqual(before);

    await card(product).getByRole("button", { name: `Editar: ${product}` }).click();
    dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.getByLabel("Precio (€)").fill("6,45");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto actualizado correctamente.").last().waitFor();
    await expect.poll(async () => (await storefrontProduct(id)).priceCents).toBe("645");
    await page.goto(`/producto/${id}`);
    await page.getByText(/6,45\s€/).first().waitFor();

    await page.goto("/admin/products/brasil");
    await page.getByLabel("Filtrar por nombre, código o SKU").fill("feijao");
    await card(product).getByRole("button", { name: `Editar: ${product}` }).click();
    dialog = page.getByRole("dialog", { name: "Editar producto" });
    await dialog.getByLabel("Precio (€)").fill((Number(before.priceCents) / 100).toFixed(2));
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto actualizado correctamente.").last().waitFor();
    expect(await storefrontProduct(id)).toEqual(before);
  });

  it("flushes a batch of visibility changes", async () => {
    // The table changes under the pointer while a typed search waits (500 ms)
    // and loads: a click then lands on a row that is going away.
    const searchVisibility = async (term: string) => {
      await page.getByLabel("Buscar productos").fill(term);
      await page.getByRole("region", { name: "Visibilidad por país" }).and(page.locator('[aria-busy="false"]')).waitFor();
    };
    await page.goto("/admin/products-by-country");
    await searchVisibility("alfajores");
    const box = page.getByRole("checkbox", { name: /^Alfajores .* visible en Uruguay$/ });
    await box.first().waitFor();
    expect(await box.first().isChecked()).toBe(false);
    await box.first().check();
    await page.getByText("1 cambio pendiente").first().waitFor();
    await page.getByRole("button", { name: /Guardar cambios/ }).click();
    await page.getByText("1 cambio de visibilidad guardado.").first().waitFor();
    await page.getByRole("button", { name: /Guardar cambios/ }).and(page.locator(":disabled")).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await searchVisibility("alfajores");
    await box.first().waitFor();
    expect(await box.first().isChecked()).toBe(true);
    await box.first().uncheck();
    // Left alone, the change goes by itself 1 s after the last edit.
    await page.getByText("1 cambio pendiente").first().waitFor();
    // Saved, not only sent: a reload while the request is in flight would
    // read the old visibility.
    await page.getByText("1 cambio de visibilidad guardado.").first().waitFor({ timeout: 5000 });
    await page.reload();
    await searchVisibility("alfajores");
    await box.first().waitFor();
    expect(await box.first().isChecked()).toBe(false);
  });

  it("creates an API key that works with curl until it is revoked", async () => {
    const name = `e2e facturación ${Date.now()}`;
    await page.goto("/admin/api-keys");
    await page.getByLabel("Nombre").fill(name);
    expect(await page.getByRole("group", { name: "Permisos" }).getByLabel("Leer el catálogo").isChecked()).toBe(true);
    await page.getByRole("button", { name: "Crear clave" }).click();
    const secret = (await page.getByTestId("api-key-secret").textContent())?.trim() ?? "";
    expect(secret.length).toBeGreaterThan(16);
    expect(curlStatus(secret)).toBe("200");
    await screenshot(page, "admin-api-keys");

    await page.getByRole("button", { name: `Revocar: ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revocar" }).click();
    await page.getByText(`La clave «${name}» ha dejado de funcionar.`).waitFor();
    expect(curlStatus(secret)).toBe("401");
  });

  it("gives a client no admin screen", async () => {
    const context = await newContext(browser);
    const client = await context.newPage();
    await client.goto("/auth");
    await acceptCookies(client);
    await signIn(client, "maria@example.com");
    await client.waitForURL((u) => !/^(\/pt)?\/auth/.test(u.pathname));
    await client.goto("/admin");
    await client.getByRole("heading", { name: "Acceso restringido" }).waitFor();
    expect(await client.getByRole("heading", { name: "Panel de administración" }).count()).toBe(0);
    await context.close();
  });
});
