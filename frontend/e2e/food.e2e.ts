import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, expectNoSeriousA11yViolations, launch, newContext, screenshot, type Browser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

// The food information of EU Regulation 1169/2011 on the seeded catalogue,
// read in Portuguese on a 360 px phone.
describe("food information", () => {
  it("shows the product's food information and unit price in Portuguese at 360 px, and filters by allergen", async () => {
    const context = await newContext(browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto("/");
    await acceptCookies(page);
    await page.getByLabel("Idioma").selectOption("pt");
    await page.getByRole("heading", { name: "Nossos Países" }).waitFor();

    await page.goto("/pt/producto/6002");
    await page.getByRole("heading", { level: 1, name: "Doce de Leite Clássico 400 g" }).waitFor();
    const block = page.getByRole("region", { name: "Informação alimentar" });
    await block.waitFor();
    expect(await block.locator("strong").allTextContents()).toEqual(expect.arrayContaining(["Leite", "Leite"]));
    const table = block.getByRole("table", { name: "Informação nutricional" });
    expect(await table.getByRole("columnheader", { name: "Por 100 g" }).count()).toBe(1);
    expect(await table.getByRole("rowheader", { name: "Valor energético" }).count()).toBe(1);
    expect(await page.getByTestId("unit-price").first().textContent()).toMatch(/€\/kg$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "product-food-pt");

    await page.goto("/pt/todos?sin=milk");
    await page.getByRole("checkbox", { name: "Leite" }).waitFor();
    await page.locator('a[href^="/pt/producto/"]').first().waitFor();
    expect(await page.locator('a[href="/pt/producto/6002"]').count()).toBe(0);
    expect(await page.getByRole("checkbox", { name: "Leite" }).isChecked()).toBe(true);
    await context.close();
  });
});
