import { describe, expect, it, vi } from "vitest";
import { formatDecimal } from "@/lib/format-number";
import { formatPrice, schemaPrice } from "@/lib/format-price";

// The storefront formats numbers without Intl (format-number.ts), and must
// write exactly what Intl writes: the server renders with the same code, and
// a different character would be a visible change from the Intl output the
// shop has shown so far. Checked value by value in both languages.
const locales = { es: "es-ES", pt: "pt-PT" } as const;

// Amounts around each grouping boundary, negatives and a few ordinary prices.
const cents: bigint[] = [];
for (const base of [0n, 1n, 5n, 99n, 100n, 850n, 2995n, 99999n, 100000n, 999999n, 1000000n, 12345678n, 99999999999n]) {
  for (const d of [-1n, 0n, 1n]) if (base + d >= 0n) cents.push(base + d, -(base + d));
}
for (let c = 0n; c < 2000000n; c += 7919n) cents.push(c);

// Ratings, grams, litres and percentages as the catalogue produces them, and
// values whose binary form lies just below a rounding tie (4.35, 1.005).
const decimals: number[] = [0, -0, 0.04, -0.04, 0.05, 4.35, 4.25, 4.45, 1.005, 2.675, 0.5, 9.95, 9.995, 99.995, 1234.5, 12345.6789, 999999.99, 1e6, 123456789.123];
for (let i = 0; i <= 500; i++) decimals.push(i / 100, i / 3, i * 1.1);
for (let mg = 0; mg <= 200000; mg += 137) decimals.push(mg / 1000);
for (let bp = 0; bp <= 10000; bp += 17) decimals.push(bp / 100);

describe.each(Object.entries(locales))("%s", (language, locale) => {
  it("formatPrice writes Intl's currency format for every amount", () => {
    const intl = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const c of cents) expect(formatPrice(c, language), `${c} cents`).toBe(intl.format(Number(c) / 100));
    expect(formatPrice(850, language)).toBe("8,50\u00a0€");
  });

  it.each([0, 1, 2, 3])("formatDecimal writes Intl's numbers with at most %i fraction digits", (max) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: max });
    for (const v of decimals) expect(formatDecimal(v, language, max), String(v)).toBe(intl.format(v));
  });

  it("formatDecimal keeps a minimum of fraction digits as Intl does", () => {
    const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    for (const v of decimals) expect(formatDecimal(v, language, 2, 1), String(v)).toBe(intl.format(v));
  });
});

it("formatDecimal groups by language: a point in Spanish, a no-break space in Portuguese", () => {
  expect(formatDecimal(12345.6, "es", 1)).toBe("12.345,6");
  expect(formatDecimal(12345.6, "pt", 1)).toBe("12\u00a0345,6");
  expect(formatDecimal(1234.5, "es", 1)).toBe("1234,5");
});

it("schemaPrice writes the en-US amount without grouping for every amount", () => {
  const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  for (const c of cents) expect(schemaPrice(c), `${c} cents`).toBe(intl.format(Number(c) / 100));
});

it("formats es and pt prices, ratings and amounts without building an Intl.NumberFormat", () => {
  const spy = vi.spyOn(Intl, "NumberFormat");
  try {
    for (const language of ["es", "pt"]) {
      formatPrice(123456, language);
      formatDecimal(4.35, language, 1);
      formatDecimal(12345.678, language, 3);
    }
    schemaPrice(850);
    expect(spy).not.toHaveBeenCalled();
  } finally {
    spy.mockRestore();
  }
});
