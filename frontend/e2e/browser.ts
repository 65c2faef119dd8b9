import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type APIResponse, type Browser as ChromiumBrowser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { caughtMail, type CaughtMail } from "./mailpit";

/** baseURL is the shop under test. */
export const baseURL = inject("baseURL");

/** mailpitURL is the API of the Mailpit catching the shop's e-mails. */
export const mailpitURL = inject("mailpitURL");

/**
 * waitForMail waits until Mailpit caught a message to `to` whose subject
 * matches, and returns every such message (to check none came twice).
 */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 30_000): Promise<CaughtMail[]> {
  if (!mailpitURL) throw new Error("no Mailpit to read: set E2E_MAILPIT_URL with E2E_BASE_URL");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await caughtMail(mailpitURL)).filter(
      (m) => subject.test(m.Subject) && m.To.some((a) => a.Address.toLowerCase() === to.toLowerCase()),
    );
    if (found.length > 0) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** caughtSubjects lists the subjects of the e-mails Mailpit caught for to. */
export async function caughtSubjects(to: string): Promise<string[]> {
  return (await caughtMail(mailpitURL))
    .filter((m) => m.To.some((a) => a.Address.toLowerCase() === to.toLowerCase()))
    .map((m) => m.Subject);
}

/** viewports are the two widths every main page is checked at. */
export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 900 },
} as const;

export const screenshotDir = join(import.meta.dirname, "screenshots");

/**
 * Browser is what a test file sees of Chromium: its own profiles, opened
 * and closed by it.
 */
export type Browser = Pick<ChromiumBrowser, "newContext" | "close">;

/**
 * chromiumProcess is the shard's one Chromium. A shard's files run one
 * after another in one worker (vitest.e2e.config.ts): a Chromium started
 * and stopped by each file cost seconds of a loaded CI machine per file.
 */
let chromiumProcess: Promise<ChromiumBrowser> | undefined;

/** chromiumOptions are the shard's Chromium's: Debian's, headless. */
const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/**
 * omniboxPopups are the features that give every new window (each page a
 * test opens) the address bar's suggestion popups as web pages of their
 * own, loaded at once with some 400 modules in a renderer of their own: a
 * fresh page of robots.txt cost Chromium 0.92 s of CPU with them, 0.28 s
 * without. A headless browser never shows them.
 */
const omniboxPopups = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * startChromium starts Chromium with the omnibox's popups off. Chromium
 * keeps only the last --disable-features, and Playwright passes its own
 * list (features that make automation deterministic), so a first Chromium
 * shows the command line Playwright starts it with, and the shard's runs
 * with that list and the popups.
 */
async function startChromium(): Promise<ChromiumBrowser> {
  const probe = await chromium.launchServer(chromiumOptions);
  const prefix = "--disable-features=";
  const disabled = probe
    .process()
    .spawnargs.filter((a) => a.startsWith(prefix))
    .flatMap((a) => a.slice(prefix.length).split(","));
  await probe.close();
  const features = [...new Set([...disabled, ...omniboxPopups])].filter(Boolean);
  return chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, `--disable-features=${features.join(",")}`] });
}

/**
 * launch gives a file its browser: profiles in the shard's Chromium, started
 * on first use (Debian's chromium, headless, as TOOLCHAIN.md describes).
 * Its close closes the profiles it opened, as closing a browser of its own
 * did, so no file's pages keep running into the next file.
 */
export async function launch(): Promise<Browser> {
  chromiumProcess ??= startChromium()
    .then(
      (started) => {
        // A Chromium that crashed is started again by the next file.
        started.on("disconnected", () => (chromiumProcess = undefined));
        return started;
      },
      (err: unknown) => {
        // So is one that did not start: this file fails, not every later one.
        chromiumProcess = undefined;
        throw err;
      },
    );
  const shared = await chromiumProcess;
  const opened = new Set<BrowserContext>();
  return {
    async newContext(options) {
      const context = await shared.newContext(options);
      opened.add(context);
      context.on("close", () => opened.delete(context));
      // CI runs both shards beside the Go tests on two cores, where a page
      // that answers in a second alone has been seen to take half a minute:
      // the waits are for what a page shows, never a speed target (speed is
      // the bench's), so they wait long enough for the loaded machine.
      context.setDefaultTimeout(60_000);
      if (options?.javaScriptEnabled !== false) waitForAppOnLoad(context, options?.locale?.startsWith("pt") ?? false);
      return context;
    },
    async close() {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
}

/**
 * waitForAppOnLoad makes each page's goto and reload wait until the app has
 * taken the page over (main.tsx marks #root data-hydrated): a public page
 * arrives rendered by shopd, and a click before the app hydrated it would
 * be lost.
 */
function waitForAppOnLoad(context: BrowserContext, portuguese: boolean) {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, ...rest) => {
      const res = await goto(portuguese ? inPortuguese(url) : url, ...rest);
      await appReady(page);
      return res;
    };
    page.reload = async (...args) => {
      const res = await reload(...args);
      await appReady(page);
      return res;
    };
    return page;
  };
}

/**
 * inPortuguese is url as a Portuguese shopper opens it (issue 36): the
 * storefront's Portuguese pages live under /pt, so a profile whose browser
 * reads Portuguese (locale pt-*) opens "/cart" as "/pt/cart". The back
 * office, shopd's own paths (sign-in, the stand-in gateways) and paths
 * already in a language stay as they are.
 */
export function inPortuguese(url: string): string {
  const path = url.startsWith(baseURL) ? url.slice(baseURL.length) : url;
  if (!path.startsWith("/") || /^\/(pt|admin|dev-[a-z]+|auth\/(login|callback|logout))(\/|$|\?)/.test(path)) return url;
  return `${url.startsWith(baseURL) ? baseURL : ""}/pt${path}`;
}

/** appReady waits until the app has hydrated or rendered the page (pages without #root are not the app's). */
export async function appReady(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return !root || root.hasAttribute("data-hydrated");
  });
}

/** TraceEvent is one event of a Chromium trace (the Trace Event Format). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
}

/**
 * traced runs run with Chromium tracing categories, and gives the events.
 * Tracing is the shard's Chromium's, and a shard runs one test at a time.
 */
export async function traced(page: Page, categories: string[], run: () => Promise<void>): Promise<TraceEvent[]> {
  const shared = await chromiumProcess;
  if (!shared) throw new Error("no Chromium: launch() first");
  await shared.startTracing(page, { categories });
  let trace: Buffer;
  try {
    await run();
  } finally {
    trace = await shared.stopTracing();
  }
  return (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
}

/** newContext is a fresh browser profile (no storage, no cookies). */
export function newContext(browser: Browser, viewport: { width: number; height: number } = viewports.desktop) {
  return browser.newContext({ baseURL, viewport, locale: "es-ES" });
}

/** acceptCookies dismisses the consent banner (accept all). */
export async function acceptCookies(page: Page) {
  await page.getByRole("button", { name: "Aceptar todas" }).click();
}

/**
 * signIn follows the sign-in page's link to the built-in provider and
 * chooses email there: a seeded person's button, or anyone else typed in.
 * A failure says where the browser was instead.
 */
export async function signIn(page: Page, email: string) {
  // A click before the app takes the page over can be lost with the node it
  // landed on; the sign-in link is only followed once the page is the app's.
  await appReady(page);
  const link = page.getByRole("link", { name: /Continuar co[nm] Google/ });
  const atProvider = (url: URL) => url.pathname.startsWith("/dev-oidc");
  await link.click();
  try {
    // Under CI's load a click on the link was lost once (the page stayed on
    // the sign-in page a minute): a link still there after 20 s is
    // followed again.
    if (!(await page.waitForURL(atProvider, { timeout: 20_000 }).then(() => true, () => false)) && (await link.isVisible())) {
      await link.click();
    }
    await page.waitForURL(atProvider);
    const seeded = page.getByRole("button", { name: new RegExp(`<${email.replace(/[.]/g, "\\.")}>`) });
    if (await seeded.count()) {
      await seeded.click();
    } else {
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Entrar" }).click();
    }
  } catch (err) {
    const shown = await page
      .locator("body")
      .innerText()
      .catch(() => "");
    throw new Error(`signing in as ${email}: at ${page.url()}, showing: ${shown.slice(0, 400)}`, { cause: err });
  }
}

/** signInAt opens the sign-in page at authPath, signs in as email and waits until the app has taken the shopper on. */
export async function signInAt(page: Page, email: string, authPath = "/auth") {
  await page.goto(authPath);
  await signIn(page, email);
  await page.waitForURL((url) => !/^(\/pt)?\/auth/.test(url.pathname) && !url.pathname.startsWith("/dev-oidc"));
}

/** cookiesDecided is the consent a shopper gave once (necessary cookies only), which keeps the banner away. */
export const cookiesDecided = {
  technical: true,
  analytics: false,
  marketing: false,
  personalization: false,
  consentGiven: true,
  consentTimestamp: new Date().toISOString(),
  policyVersion: "2026-11-24",
};

/**
 * signedInAs is a fresh profile in language, cookies decided, signed in
 * through the development provider, on the page the sign-in lands on.
 */
export async function signedInAs(
  browser: Browser,
  email: string,
  language: "es" | "pt",
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: language === "es" ? "es-ES" : "pt-PT" });
  await context.addInitScript(
    ([language, cookies]) => {
      localStorage.setItem("language", language);
      localStorage.setItem("cookiePreferences", JSON.stringify(cookies));
      // The banner shows until this is set, whatever the preferences say.
      localStorage.setItem("cookieBannerShown", "true");
    },
    [language, cookiesDecided] as const,
  );
  const page = await context.newPage();
  await signInAt(page, email, language === "pt" ? "/pt/auth" : "/auth");
  return { context, page };
}

/** testIBAN is a valid IBAN of no one's, not the sample's. */
export const testIBAN = "ES79 2100 0813 6101 2345 6789";

/**
 * takeTransfers saves testIBAN in the shop's settings as the owner would:
 * the shop never offers a transfer to the sample IBAN `shopd seed` writes.
 * Saving it again changes nothing, so every file that pays by transfer
 * calls it first, whatever order the files run in.
 */
export async function takeTransfers(browser: Browser) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/");
  await appReady(page);
  await acceptCookies(page);
  await page.goto("/admin");
  await page.waitForURL(/\/auth\?redirect=/);
  await signIn(page, "admin@sabores.es");
  await page.waitForURL(`${baseURL}/admin`);
  await page.goto("/admin/shop-settings");
  await page.getByLabel(/^IBAN para transferencias/).fill(testIBAN);
  await page.getByRole("button", { name: "Guardar datos" }).click();
  await page.getByText("Datos de la tienda actualizados.").first().waitFor();
  await context.close();
}

/** screenshot saves the page under e2e/screenshots/{name}-{width}.png. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** expectNoSeriousA11yViolations runs axe-core and fails on serious or critical findings. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as a <script> tag, so the
  // shop's Content-Security-Policy (no inline scripts) stays in force.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  });
  expect(violations).toEqual([]);
}

/** rpc calls the shop's public API over Connect's GET encoding, as the storefront does. */
export async function rpc<T>(service: string, method: string, message: object): Promise<T> {
  const q = encodeURIComponent(JSON.stringify(message));
  const res = await fetch(`${baseURL}/sabores.v1.${service}/${method}?connect=v1&encoding=json&message=${q}`);
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

/**
 * post sends a Connect JSON request with the page's session, as the app would.
 * Playwright's client may pick a keep-alive connection just as shopd closes it
 * as idle; that request never reached the server ("socket hang up", seen in
 * CI), so it is sent again on a new connection.
 */
export function post(page: Page, service: string, method: string, data: object): Promise<APIResponse> {
  return page.request.post(`/sabores.v1.${service}/${method}`, {
    data,
    headers: { "Content-Type": "application/json", Origin: baseURL },
    maxRetries: 2,
  });
}

/** cartInStorage reads the cart the page keeps in local storage. */
export async function cartInStorage(page: Page): Promise<{ id: number; quantity: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));
}

export type { BrowserContext, Locator, Page };
