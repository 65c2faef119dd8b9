import { intlLocale } from "@/lib/format-number";

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

/** formatDay shows a YYYY-MM-DD calendar day (no time, no zone) as a long date with its weekday. */
export function formatDay(day: string, language: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return formatDate(new Date(Date.UTC(y, m - 1, d)), language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}

/**
 * formatShopTime shows a moment as the shop's clock reads it, Europe/Madrid,
 * labelled as the e-mails and tickets label it (backend shoptime): a shopper
 * in Portugal, an hour behind, or abroad reads the same hour as the shop.
 * "Hora de Madrid" is right in both Spanish and Portuguese.
 */
export function formatShopTime(date: Date, language: string): string {
  return `${formatDate(date, language, { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Madrid" })} (hora de Madrid)`;
}
