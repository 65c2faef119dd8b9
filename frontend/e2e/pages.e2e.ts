import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptCookies,
  expectNoSeriousA11yViolations,
  launch,
  newContext,
  screenshot,
  viewports,
  type Browser,
} from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const mainPages = [
  { name: "home", path: "/", ready: "Lanzamientos" },
  { name: "todos", path: "/todos", ready: "Todos los Productos" },
  { name: "bebidas", path: "/bebidas", ready: "Bebidas" },
  { name: "brasil", path: "/brasil", ready: "Productos Típicos de Brasil" },
  { name: "senegal", path: "/senegal", ready: "Productos Auténticos de Senegal" },
  { name: "cart", path: "/cart", ready: "Tu carrito está vacío" },
  { name: "contact", path: "/contact", ready: "Contacto" },
];

describe("main pages", () => {
  for (const [size, viewport] of Object.entries(viewports)) {
    it(`render at ${size} width with no serious accessibility violation`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto("/");
      await acceptCookies(page);
      for (const p of mainPages) {
        await page.goto(p.path);
        await page.getByRole("heading", { name: p.ready }).first().waitFor();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, p.name);
      }
      const firstProduct = page.locator('a[href^="/producto/"]').first();
      await page.goto("/todos");
      await firstProduct.waitFor();
      await firstProduct.click();
      await page.getByRole("button", { name: /Añadir 1 al carrito/ }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, "product");
      await context.close();
    });
  }

  it("asks the API once per call, using the preloads shopd names in the page or the data in it", async () => {
    const context = await newContext(browser);
    const probe = await context.newPage();
    await probe.goto("/todos");
    const product = await probe.locator('a[href^="/producto/"]').first().getAttribute("href");
    await context.close();
    for (const path of ["/", "/todos", product ?? "/producto/1001"]) {
      const context = await newContext(browser);
      const page = await context.newPage();
      const calls: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/sabores.v1.")) calls.push(r.url());
      });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const preloads = await page
        .locator('link[rel="preload"][as="fetch"]')
        .evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
      // A page shopd rendered carries its data (prerender): only the
      // session is asked for; the empty shell preloads the page's reads too.
      const rendered = (await page.locator("#page-data").count()) > 0;
      expect(preloads.length, path).toBeGreaterThanOrEqual(rendered ? 1 : 2);
      // A preload the app did not ask for again, or asked for twice, means
      // the preloads the build wrote (src/app/page-requests.ts) and the page differ.
      expect(calls.toSorted(), path).toEqual(preloads.toSorted());
      await context.close();
    }
  });

  it("shows the 404 page for an unknown path and logs it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The page logs from an effect, which runs after its text shows: wait
    // for the message itself rather than reading the log right after.
    const logged = page.waitForEvent("console", (m) => m.text().includes("/esta/pagina/no/existe"));
    await page.goto("/esta/pagina/no/existe");
    await page.getByText("¡Vaya! Página no encontrada").waitFor();
    expect((await logged).type()).toBe("error");
    await page.getByRole("link", { name: "Volver al inicio" }).click();
    await page.getByRole("heading", { name: "Lanzamientos" }).waitFor();
    await context.close();
  });

  it("switches language from the header and remembers it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Nuestros Países" }).waitFor();
    await page.getByLabel("Idioma").selectOption("pt");
    await page.getByRole("heading", { name: "Nossos Países" }).waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Lançamentos" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("pt");
    await context.close();
  });

  it("keeps cookie choices across reloads", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Configurar" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferencias de cookies" });
    await dialog.waitFor();
    await page.getByRole("switch", { name: "Análisis" }).click();
    await page.getByRole("button", { name: "Guardar Preferencias" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.reload();
    await page.getByRole("heading", { name: "Lanzamientos" }).waitFor();
    expect(await page.getByRole("button", { name: "Aceptar todas" }).count()).toBe(0);
    const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem("cookiePreferences") ?? "{}"));
    expect(prefs).toMatchObject({ technical: true, analytics: true, marketing: false, consentGiven: true });
    await page.goto("/cookie-policy");
    await page.getByRole("heading", { name: "Política de cookies", level: 1 }).waitFor();
    // The heading arrives in the server's HTML, before React hydrates and records the view.
    const viewed = () =>
      page.evaluate(() => (JSON.parse(localStorage.getItem("pageViews") ?? "[]") as { page: string }[]).map((v) => v.page));
    await expect.poll(viewed).toContain("/cookie-policy");
    await context.close();
  });
});
