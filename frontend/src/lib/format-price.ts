// Prices travel as integer euro cents (int64, so bigint in generated code);
// this is the only place they become text. Intl picks the separators for the locale (es: "8,50 €", pt: "8,50 €").

const formatters = new Map<string, Intl.NumberFormat>();

// The shop sells in Spain: Portuguese means European Portuguese ("8,50 €"),
// not the Brazilian default of a bare "pt" ("€ 8,50").
const regionalLocales: Record<string, string> = { es: "es-ES", pt: "pt-PT" };

function formatter(language: string): Intl.NumberFormat {
  const locale = regionalLocales[language] ?? language;
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

/**
 * preparePriceFormat builds the language's formatter before the first price
 * needs it. A page's first Intl.NumberFormat loads ICU's number data: 72 ms
 * of unthrottled CPU on the bench machine, 120-270 ms at Lighthouse's 4x
 * (issue 20), which otherwise lands inside the hydration's long task; in a
 * task of its own, while the app's chunks download, it blocks for that much
 * less.
 */
export function preparePriceFormat(language: string): void {
  formatter(language);
}

/** formatPrice shows an amount of euro cents in the language's currency format. */
export function formatPrice(cents: number | bigint, language: string): string {
  return formatter(language).format(Number(cents) / 100);
}

// Made on first use: building a formatter loads the locale's data, and only
// product pages need this one.
let schemaFormatter: Intl.NumberFormat | undefined;

/** schemaPrice is the machine-readable amount schema.org offers expect ("8.50"). */
export function schemaPrice(cents: number | bigint): string {
  schemaFormatter ??= new Intl.NumberFormat("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  return schemaFormatter.format(Number(cents) / 100);
}

/** intlLocale is the Intl locale for a storefront language (dates, numbers). */
export function intlLocale(language: string): string {
  return regionalLocales[language] ?? language;
}
