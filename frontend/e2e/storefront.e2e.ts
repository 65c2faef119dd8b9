import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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
  { path: "/doces", ci: true },
  { path: "/buscar?q=cafe" , ci: true },
  { path: "/brasil/produtos?category=doces" },
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
  { path: "/terms" },
  { path: "/cookie-policy", ci: true },
  { path: "/auth" },
  { path: "/esta/pagina/no/existe", ci: true, status: 404 },
];

// A cart with a line over the stock left (Queso Llanero: two left), so the
// cart page shows a problem, its totals and the note at their widest.
const storedCart = [
  { id: 1001, name: "Guaraná Antarctica 350 ml", priceCents: 279, image: "", stock: 48, quantity: 2 },
  { id: 8003, name: "Queso Llanero 500 g", priceCents: 749, image: "", stock: 2, quantity: 3 },
];

/**
 * foreignPhrases are the texts of the other language's catalogue that a page
 * in language must never show: every phrase (two words or more, no
 * placeholder) of the other language's resource files that is not also
 * one of language's own texts. A page showing one mixes the languages.
 */
function foreignPhrases(language: "es" | "pt"): string[] {
  const dir = join(import.meta.dirname, "../src/locales");
  const leaves = (lang: string) => {
    const out: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === "string") out.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") Object.values(v).forEach(walk);
    };
    for (const f of readdirSync(join(dir, lang))) walk(JSON.parse(readFileSync(join(dir, lang, f), "utf8")));
    return out;
  };
  const own = leaves(language).join("\n");
  const other = language === "es" ? "pt" : "es";
  const phrases = leaves(other).filter(
    (s) => !s.includes("{{") && !s.includes("<") && s.trim().split(/\s+/).length >= 2 && !own.includes(s),
  );
  // Country names are single words the server sends: those spelt otherwise
  // in the other language (Perú / Peru, Colombia / Colômbia) count too.
  const names = (lang: string) =>
    Object.values(JSON.parse(readFileSync(join(dir, lang, "countries.json"), "utf8")) as { name?: string }[]).flatMap((c) =>
      c.name ? [c.name] : [],
    );
  const ownNames = names(language);
  return [...phrases, ...names(other).filter((n) => !ownNames.includes(n))];
}

/** mixedLanguage lists the other language's phrases the page shows, as whole words. */
async function mixedLanguage(page: Page, phrases: string[]) {
  // Text marked as another language (a review written in Spanish on a
  // Portuguese page, say) is the shopper's own words, not the shop's.
  const text = await page.evaluate(() => {
    const own = document.documentElement.lang.slice(0, 2);
    const foreign = [...document.body.querySelectorAll<HTMLElement>("[lang]")].filter((e) => e.lang.slice(0, 2) !== own);
    const shown = foreign.map((e) => e.style.display);
    for (const e of foreign) e.style.display = "none";
    const visible = document.body.innerText;
    foreign.forEach((e, i) => (e.style.display = shown[i] ?? ""));
    return visible;
  });
  return phrases.filter((p) => new RegExp(`(?<![\\p{L}])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(text));
}

/**
 * openDialogs opens the mobile menu (at phone widths) and, on the cookie
 * policy, the cookie settings, and closes them again: their scroll lock is
 * what broke the CSP.
 */
async function openDialogs(page: Page) {
  for (const name of [/^Abrir men[uú]$/, /^Configurar cookies$/]) {
    const button = page.getByRole("button", { name });
    if (!(await button.isVisible())) continue;
    await button.click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
  }
}

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
      // Every CSP violation, as the page itself sees them.
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
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
      it(`${language} at ${size} (${viewport.width} px): status, no sideways scroll, one language, no CSP violation with the menu open`, async () => {
        const { context, page, violations } = await openAs(language, viewport);
        const phrases = foreignPhrases(language);
        for (const route of routes.filter((r) => full || r.ci)) {
          const res = await page.goto(route.path);
          expect(res?.status(), route.path).toBe(route.status ?? 200);
          await page.waitForLoadState("networkidle");
          expect(await overflow(page), `${route.path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
          expect(await mixedLanguage(page, phrases), `${route.path} in ${language} shows the other language`).toEqual([]);
          await openDialogs(page);
          expect(
            await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
            `${route.path}: CSP violations`,
          ).toEqual([]);
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

describe("every tile leads to what it names", () => {
  for (const [language, viewport] of [
    ["es", sizes.phone],
    ["pt", sizes.desktop],
  ] as const) {
    it(`Brasil's tiles in ${language} at ${viewport.width} px list only their own category or section, sweets too`, async () => {
      const { context, page } = await openAs(language, viewport);
      await page.goto("/brasil");
      const tiles = page.getByRole("region", { name: language === "es" ? "Explora por categoría" : "Explore por categoria" });
      // The category tiles come from the server, after the section tiles; a
      // page rendered before an earlier test changed the catalogue asks for
      // its data again, and shows its skeleton meanwhile.
      const read = () =>
        tiles
          .getByRole("link")
          .evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href") ?? "", name: a.textContent ?? "" })));
      await expect
        .poll(async () => (await read()).map((l) => l.href), { timeout: 10_000 })
        .toContain(`${language === "pt" ? "/pt" : ""}/brasil/produtos?category=doces`);
      const links = await read();
      for (const link of links) {
        const listed = page.waitForResponse((r) => r.url().includes("/sabores.v1.CatalogService/ListProducts"));
        await page.goto(link.href);
        const body = (await (await listed).json()) as { products?: { id: string; category: string; onlineCategories?: string[] }[] };
        const want = new URL(link.href, baseURL).searchParams;
        expect(body.products?.length, `${link.name} lists nothing`).toBeGreaterThan(0);
        for (const p of body.products ?? []) {
          if (want.get("category")) expect(p.category, `${link.name} lists product ${p.id}`).toBe(want.get("category"));
          else expect(p.onlineCategories, `${link.name} lists product ${p.id}`).toContain(want.get("section"));
        }
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await overflow(page)).toBeLessThanOrEqual(0);
      }
      // The sweets page of the shop lists Brazil's sweets among the rest.
      await page.goto("/doces");
      await page.getByRole("heading", { level: 1, name: language === "es" ? "Dulces" : "Doces" }).waitFor();
      await page.getByText(/Brigadeiro/).first().waitFor();
      await screenshot(page, `doces-${language}`);
      await context.close();
    });
  }
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
    await checklist.getByText("Nombre legal del titular").waitFor();
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
