import { intlLocale } from "@/lib/format-price";

// Building a DateTimeFormat loads the locale's data, so each language and
// style gets one, kept for every later date (a list row, a chart tick).
const formatters = new Map<string, Intl.DateTimeFormat>();

/** formatDate shows a date in the storefront language's format, styled by options. */
export function formatDate(date: Date, language: string, options: Intl.DateTimeFormatOptions): string {
  const key = `${language} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), options);
    formatters.set(key, f);
  }
  return f.format(date);
}
