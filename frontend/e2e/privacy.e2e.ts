import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launch, screenshot, signInAt, type Browser, type BrowserContext, type Page } from "./browser";

// A Portuguese-speaking shopper on a phone downloads their data and deletes
// their account. João, whom no other browser test uses, is the shopper.

let browser: Browser;
let context: BrowserContext;
let page: Page;

interface Export {
  profile?: { email?: string };
  orders?: unknown[];
  cookieConsents?: { analytics?: boolean; policyVersion?: string }[];
}

beforeAll(async () => {
  browser = await launch();
  // A Portuguese browser: its pages are the /pt ones (browser.ts inPortuguese).
  context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, locale: "pt-PT" });
  page = await context.newPage();
  await page.goto("/");
  // Chosen as a guest: the choice reaches the shop at sign-in.
  await page.getByRole("button", { name: "Aceitar todos" }).click();
});
afterAll(async () => {
  await browser.close();
});

async function signInAsJoao() {
  await signInAt(page, "joao@example.com");
  await page.goto("/client-dashboard");
  await page.getByRole("heading", { name: /^Olá, / }).waitFor();
}


async function download(): Promise<Export> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descarregar os meus dados" }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^sabores-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await file.path();
  return JSON.parse(await readFile(path, "utf8")) as Export;
}

describe("a shopper's data rights, in Portuguese on a phone", () => {
  it("downloads their data, with the cookie choice made before signing in", async () => {
    await signInAsJoao();
    // The consent is recorded right after sign-in; wait for the dashboard
    // to settle before exporting.
    await expect.poll(async () => (await download()).cookieConsents?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const data = await download();
    expect(data.profile?.email).toBe("joao@example.com");
    expect(data.cookieConsents?.[0]).toMatchObject({ analytics: true });
    expect(data.cookieConsents?.[0].policyVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("deletes the account after typing the word, and is signed out", async () => {
    await page.getByRole("button", { name: "Eliminar a minha conta" }).click();
    const dialog = page.getByRole("dialog", { name: "Eliminar a sua conta?" });
    await dialog.waitFor();
    const confirm = dialog.getByRole("button", { name: "Eliminar a conta" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Escreva ELIMINAR para confirmar").fill("ELIMINAR");
    await screenshot(page, "delete-account");
    await confirm.click();
    await page.getByText("A sua conta foi eliminada").waitFor();
    await page.waitForURL((url) => /^\/pt\/?$/.test(url.pathname));
    await page.goto("/client-dashboard");
    await page.waitForURL(/\/auth\?redirect=client-dashboard/);
  });

  it("signing in again gives a new, empty account", async () => {
    await signInAsJoao();
    const data = await download();
    expect(data.profile?.email).toBe("joao@example.com");
    expect(data.orders ?? []).toEqual([]);
  });
});
