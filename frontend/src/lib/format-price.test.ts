import { describe, expect, it } from "vitest";
import { formatPrice, schemaPrice } from "@/lib/format-price";
import table from "@/lib/money-cases.json";

// Intl separates the amount and the euro sign with a no-break space.
const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatPrice", () => {
  it.each([
    { cents: 850, locale: "es", want: "8,50 €" },
    { cents: 2995, locale: "es", want: "29,95 €" },
    { cents: 0, locale: "es", want: "0,00 €" },
    { cents: 5, locale: "es", want: "0,05 €" },
    { cents: 123456, locale: "es", want: "1234,56 €" },
    { cents: 1234567, locale: "es", want: "12.345,67 €" },
    { cents: 850, locale: "pt", want: "8,50 €" },
    { cents: 850n, locale: "es", want: "8,50 €" },
  ])("$cents cents in $locale", ({ cents, locale, want }) => {
    expect(nbsp(formatPrice(cents, locale))).toBe(want);
  });
});

// The table the Go formatter (backend/internal/money) is tested against: e-mails,
// invoices and tickets must write every amount as the site does, and the site
// as the browser's Intl does.
describe("money-cases.json", () => {
  const intl = {
    es: new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    pt: new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR", minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  it.each(table.cases)("$cents cents", ({ cents, es, pt }) => {
    expect(formatPrice(cents, "es")).toBe(es);
    expect(formatPrice(cents, "pt")).toBe(pt);
    expect(intl.es.format(cents / 100)).toBe(es);
    expect(intl.pt.format(cents / 100)).toBe(pt);
  });
});

describe("schemaPrice", () => {
  it.each([
    { cents: 850, want: "8.50" },
    { cents: 123456, want: "1234.56" },
    { cents: 7n, want: "0.07" },
  ])("$cents → $want", ({ cents, want }) => {
    expect(schemaPrice(cents)).toBe(want);
  });
});
