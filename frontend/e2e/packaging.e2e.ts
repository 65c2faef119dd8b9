import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoSeriousA11yViolations, launch, screenshot, signedInAs, viewports, type Browser } from "./browser";

// Packaging per product and its yearly export (RD 1055/2022, issue 37): the
// owner declares the grams of each material around one unit on the
// product's packaging tab, told in words when a weight is not one, and
// downloads a year's kilograms per material as CSV. In Portuguese at 360 px
// and in Spanish at desktop; the seeded product's packaging is emptied again
// at the end so later files see the seed.

const product = "/admin/catalogue/1001";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe("packaging", () => {
  it("declares a unit's packaging on a phone in Portuguese, refusing a weight that is not one", async () => {
    const { context, page } = await signedInAs(browser, "admin@sabores.es", "pt", { width: 360, height: 740 });
    await page.goto(product);
    await page.getByRole("tab", { name: "Embalagens" }).click();
    const form = page.getByRole("form", { name: "Embalagens de cada unidade" });
    await form.getByLabel("Plástico").fill("2,5");
    await form.getByLabel("Papel e cartão").fill("12");
    await form.getByLabel("Vidro").fill("duas gramas");
    await form.getByRole("button", { name: "Guardar as embalagens" }).click();
    const glass = form.getByLabel("Vidro");
    await expect.poll(() => glass.getAttribute("aria-invalid")).toBe("true");
    expect(await glass.evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByText("Escreva as gramas com até três casas decimais, por exemplo 2,5.").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "packaging-refused-pt");

    await glass.fill("");
    await form.getByRole("button", { name: "Guardar as embalagens" }).click();
    await page.getByText("Produto atualizado com sucesso.").first().waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Embalagens" }).click();
    const saved = page.getByRole("form", { name: "Embalagens de cada unidade" });
    await expect.poll(() => saved.getByLabel("Plástico").inputValue()).toBe("2,5");
    expect(await saved.getByLabel("Papel e cartão").inputValue()).toBe("12");
    expect(await saved.getByLabel("Vidro").inputValue()).toBe("");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "packaging-saved-pt");
    await context.close();
  });

  it("downloads a year's kilograms per material at desktop in Spanish, and empties the packaging again", async () => {
    const { context, page } = await signedInAs(browser, "admin@sabores.es", "es", viewports.desktop);
    await page.goto("/admin/catalogue");
    const card = page.getByRole("form", { name: "Envases puestos en el mercado (RD 1055/2022)" });
    const year = card.getByLabel("Año");
    await year.fill("26");
    await card.getByText("Escribe un año de cuatro cifras, desde 2000.").waitFor();
    expect(await card.getByRole("button", { name: "Descargar CSV" }).isDisabled()).toBe(true);
    const thisYear = String(new Date().getFullYear());
    await year.fill(thisYear);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "packaging-export-es");
    const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: "Descargar CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`envases-${thisYear}.csv`);
    const lines = (await readFile(await download.path(), "utf8")).trim().split("\n");
    expect(lines[0]).toBe("año;material;kilogramos");
    for (const line of lines.slice(1)) expect(line).toMatch(new RegExp(`^${thisYear};[^;]+;-?\\d+,\\d{3}$`));
    await expectNoSeriousA11yViolations(page);

    await page.goto(product);
    await page.getByRole("tab", { name: "Envases" }).click();
    const form = page.getByRole("form", { name: "Envases de cada unidad" });
    await expect.poll(() => form.getByLabel("Plástico").inputValue()).toBe("2,5");
    await screenshot(page, "packaging-es");
    await form.getByLabel("Plástico").fill("");
    await form.getByLabel("Papel y cartón").fill("");
    await form.getByRole("button", { name: "Guardar los envases" }).click();
    await page.getByText("Producto actualizado correctamente.").first().waitFor();
    await context.close();
  });
});
