// Prices travel as integer euro cents (int64, so bigint in generated code);
// this is the only place they become text. Intl picks the separators for the locale (es: "8,50 €", pt: "8,50 €").

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(locale, f);
  }
  return f;
}

/** formatPrice shows an amount of euro cents in the locale's currency format. */
export function formatPrice(cents: number | bigint, locale: string): string {
  return formatter(locale).format(Number(cents) / 100);
}

const schemaFormatter = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** schemaPrice is the machine-readable amount schema.org offers expect ("8.50"). */
export function schemaPrice(cents: number | bigint): string {
  return schemaFormatter.format(Number(cents) / 100);
}
