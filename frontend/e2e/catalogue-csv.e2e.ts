import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptCookies,
  baseURL,
  expectNoSeriousA11yViolations,
  launch,
  newContext,
  screenshot,
  signIn,
  viewports,
  type Browser,
  type Page,
} from "./browser";

// The owner edits the catalogue in a spreadsheet (issue 15): exports it,
// renames a product, spoils another row's price; the dry run names that
// row by line and column, and the import is refused; fixed, it imports with
// a progress bar, and the storefront shows the new name. The original file
// is imported back at the end, so the flows after this one see the seeded
// catalogue.

/** parseCsv reads RFC 4180 text: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== "," && c !== "\n" && c !== "\r")) {
      field += c;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    }
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function toCsv(rows: string[][], separator = ","): string {
  const quote = (f: string) => (/[",;\n\r]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f);
  return rows.map((r) => r.map(quote).join(separator)).join("\n") + "\n";
}

const renamed = "Bocadillo Veleño E2E CSV 500 g";

let browser: Browser;
let admin: Page;
let original: Buffer | undefined;

async function upload(page: Page, name: string, content: string | Buffer) {
  await page.getByLabel("Archivo CSV").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(content) });
}

async function importFile(page: Page, name: string, content: string | Buffer) {
  await upload(page, name, content);
  await page.getByRole("button", { name: "Comprobar" }).click();
  await page.getByText(/filas sin errores/).waitFor();
  await page.getByRole("button", { name: "Importar" }).click();
  await page.getByRole("progressbar", { name: `Importación de ${name}` }).waitFor();
  await page.getByText(/^Importado: /).waitFor({ timeout: 60_000 });
}

beforeAll(async () => {
  browser = await launch();
  const context = await browser.newContext({ baseURL, viewport: viewports.desktop, locale: "es-ES", acceptDownloads: true });
  admin = await context.newPage();
  await admin.goto("/admin");
  await admin.waitForURL(/\/auth\?redirect=/);
  await acceptCookies(admin);
  await signIn(admin, "admin@sabores.es");
  await admin.waitForURL(`${baseURL}/admin`);
});
afterAll(async () => {
  if (original) {
    await admin.goto("/admin/catalogue/csv");
    await importFile(admin, "catalogo-original.csv", original);
  }
  await browser.close();
});

describe("the owner edits the catalogue as CSV", () => {
  it("exports, is told the bad row by line and column, imports the fixed file and the storefront follows", async () => {
    await admin.goto("/admin/catalogue");
    await admin.getByRole("link", { name: "CSV" }).click();
    await admin.waitForURL(/\/admin\/catalogue\/csv$/);

    const download = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "Exportar CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^catalogo-\d{4}-\d{2}-\d{2}\.csv$/);
    original = await readFile((await file.path()) ?? "");
    const text = original.toString("utf8");
    expect(text.startsWith("\uFEFFsku,code,ean,")).toBe(true);

    const rows = parseCsv(text.slice(1));
    const header = rows[0];
    const col = (name: string) => header.indexOf(name);
    const bocadillo = rows.findIndex((r) => r[col("name_es")] === "Bocadillo Veleño 500 g");
    const panela = rows.findIndex((r) => r[col("name_es")] === "Panela en bloque 500 g");
    expect(bocadillo).toBeGreaterThan(0);
    expect(panela).toBeGreaterThan(0);
    const sku = rows[bocadillo][col("sku")];
    rows[bocadillo][col("name_es")] = renamed;
    const price = rows[panela][col("price")];
    rows[panela][col("price")] = "doce euros";

    // The spoilt row is named by its line (the header is line 1) and column.
    await upload(admin, "catalogo.csv", toCsv(rows));
    await admin.getByRole("button", { name: "Comprobar" }).click();
    const problems = admin.getByRole("table", { name: /1 error/ });
    await problems.waitFor();
    const problem = problems.getByRole("row").nth(1);
    expect(await problem.getByRole("cell").allTextContents()).toEqual([
      String(panela + 1),
      "price",
      "Precio no válido (p. ej. 8.50).",
    ]);
    expect(await admin.getByRole("button", { name: "Importar" }).isDisabled()).toBe(true);
    await screenshot(admin, "catalogue-csv-problems");

    // Saved by a spreadsheet set to Spanish (semicolons), with a second
    // error on another line: both are listed at once, in words (issue 37).
    const spoilt = rows.map((r) => [...r]);
    spoilt[bocadillo][col("category")] = "bebida";
    await upload(admin, "catalogo-excel.csv", "\uFEFF" + toCsv(spoilt, ";"));
    await admin.getByRole("button", { name: "Comprobar" }).click();
    const both = admin.getByRole("table", { name: /2 errores/ });
    await both.waitFor();
    const cells = await both.getByRole("row").evaluateAll((trs) => trs.slice(1).map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)));
    expect(cells).toEqual(
      [
        [String(bocadillo + 1), "category", "Valor no válido: «bebida». Use uno de estos: bebidas, doces, alimentos, congelados, beleza, perfumes."],
        [String(panela + 1), "price", "Precio no válido (p. ej. 8.50)."],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    await screenshot(admin, "catalogue-csv-semicolon-problems");

    rows[panela][col("price")] = price;
    await importFile(admin, "catalogo.csv", toCsv(rows));
    expect(await admin.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    await expectNoSeriousA11yViolations(admin);
    await screenshot(admin, "catalogue-csv-imported");

    // The storefront shows the new name (the change feed dropped its caches).
    await admin.goto("/admin/catalogue");
    await admin.getByLabel("Buscar por nombre, código o SKU").fill(sku);
    await admin.getByRole("link", { name: new RegExp(renamed) }).click();
    await admin.waitForURL(/\/admin\/catalogue\/\d+$/);
    const id = new URL(admin.url()).pathname.split("/").pop();
    const shopper = await (await newContext(browser, { width: 360, height: 740 })).newPage();
    await shopper.goto(`/producto/${id}`);
    await acceptCookies(shopper);
    await shopper.getByRole("heading", { level: 1, name: renamed }).waitFor();
    await shopper.context().close();
  });

  it("fits a phone", async () => {
    const page = await (await newContext(browser, { width: 360, height: 740 })).newPage();
    await page.goto("/admin/catalogue/csv");
    await page.waitForURL(/\/auth\?redirect=/);
    await acceptCookies(page);
    await signIn(page, "admin@sabores.es");
    await page.waitForURL(/\/admin/);
    await page.goto("/admin/catalogue/csv");
    await page.getByRole("heading", { name: "Catálogo en CSV" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, "catalogue-csv");
    await page.context().close();
  });
});
