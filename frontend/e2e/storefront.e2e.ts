import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, baseURL, launch, screenshot, signIn, type Browser, type Page } from "./browser";

// The storefront as shoppers find it, at phone and desktop widths in both
// languages: no page scrolls sideways, none breaks the Content-Security-
// Policy, unknown paths answer 404. CI walks a representative subset of
// routes; `./task test-e2e-full` (E2E_FULL=1) walks every route.

const full = process.env.E2E_FULL === "1";

/** sizes: a common phone, the narrowest phone still sold (scrollWidth only), a laptop. */
const sizes = {
  phone: { width: 390, height: 844 },
  narrow: { width: 320, height: 700 },
  desktop: { width: 1366, height: 800 },
} as const;

interface Route {
  path: string;
  ci?: boolean;
  status?: number;
}

const routes: Route[] = [
  { path: "/", ci: true },
  { path: "/todos", ci: true },
  { path: "/todos?sortBy=price-asc&page=2" },
  { path: "/bebidas" },
  { path: "/brasil", ci: true },
  { path: "/brasil/produtos" },
  { path: "/senegal" },
  { path: "/peru" },
  { path: "/producto/1001", ci: true },
  { path: "/cart", ci: true },
  { path: "/favorites" },
  { path: "/contact", ci: true },
  { path: "/privacy-policy" },
  { path: "/return-policy" },
  { path: "/cookie-policy" },
  { path: "/auth" },
  { path: "/esta/pagina/no/existe", ci: true, status: 404 },
];

// A cart with a line over the stock left (Queso Llanero: two left), so the
// cart page shows a problem, its totals and the note at their widest.
const storedCart = [
  { id: 1001, name: "Guaraná Antarctica 350 ml", priceCents: 279, image: "", stock: 48, quantity: 2 },
  { id: 8003, name: "Queso Llanero 500 g", priceCents: 749, image: "", stock: 2, quantity: 3 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** openAs is a fresh profile in language, cookies decided and a cart filled. */
async function openAs(language: "es" | "pt", viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT" });
  // Init scripts run through the DevTools protocol, outside the page's CSP.
  await context.addInitScript(
    ({ language, cart }) => {
      localStorage.setItem("language", language);
      localStorage.setItem("cart", JSON.stringify(cart));
      localStorage.setItem(
        "cookiePreferences",
        JSON.stringify({ technical: true, analytics: false, marketing: false, personalization: false, consentGiven: true }),
      );
    },
    { language, cart: storedCart },
  );
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return { context, page, violations };
}

/** overflow is how far the page scrolls sideways, in CSS pixels (0 when it does not). */
function overflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe("storefront at phone and desktop widths, in both languages", () => {
  for (const language of ["es", "pt"] as const) {
    for (const [size, viewport] of Object.entries(sizes)) {
      it(`${language} at ${size} (${viewport.width} px): status, no sideways scroll, no CSP violation`, async () => {
        const { context, page, violations } = await openAs(language, viewport);
        for (const route of routes.filter((r) => full || r.ci)) {
          const res = await page.goto(route.path);
          expect(res?.status(), route.path).toBe(route.status ?? 200);
          await page.waitForLoadState("networkidle");
          expect(await overflow(page), `${route.path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
          if (size === "phone" && language === "es") await screenshot(page, `matrix${route.path.replace(/[/?&=]+/g, "-")}`);
        }
        expect(violations).toEqual([]);
        await context.close();
      });
    }
  }

  it("serves robots.txt and a sitemap of the public pages and products", async () => {
    const robots = await fetch(`${baseURL}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${baseURL}/producto/1001</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/contact</loc>`);
  });
});

describe("the shop's own details", () => {
  it("are samples until the admin sets them on a 360 px screen, then show on the contact page", async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/contact");
    await page.getByRole("heading", { name: "Contacto", level: 1 }).waitFor();
    await acceptCookies(page);
    // The seeded sample, not the old placeholders.
    await page.getByText("NIF 00000000T").waitFor();
    expect(await page.textContent("body")).not.toMatch(/12345678Z|982 000 000|34600000000/);
    expect(await page.getByRole("contentinfo").textContent()).toContain("Calle de Ejemplo, 1, 27880 Burela (Lugo)");

    await page.goto("/admin");
    await page.waitForURL(/\/auth\?redirect=/);
    await signIn(page, "admin@sabores.es");
    await page.waitForURL(`${baseURL}/admin`);
    const checklist = page.getByRole("region", { name: "Datos de la tienda por completar" });
    await checklist.getByText("IBAN para transferencias").waitFor();
    await checklist.getByRole("link", { name: "Completar datos" }).click();
    const phone = page.getByLabel("Teléfono", { exact: false }).first();
    await phone.waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "admin-shop-settings");
    await phone.fill("+34 982 123 456");
    await page.getByLabel(/^NIF/).fill("12345678A");
    await page.getByRole("button", { name: "Guardar datos" }).click();
    await page.getByText("El NIF no es válido: revisa las cifras y la letra.").waitFor();
    await page.getByLabel(/^NIF/).fill("12345678Z");
    await page.getByRole("button", { name: "Guardar datos" }).click();
    await page.getByText("Datos de la tienda actualizados.").first().waitFor();

    await page.goto("/contact");
    await page.getByRole("link", { name: "Llamar al +34 982 123 456" }).waitFor();
    await page.getByText("NIF 12345678Z").waitFor();
    await context.close();
  });
});
