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

// A review's date is the one date the catalogue's pages show, and a page's
// first Intl.DateTimeFormat loads ICU's calendar data: 50-90 ms of unthrottled CPU
// in the bench's Chromium, one task of the product page's hydration (the
// same cost format-number.ts keeps out of prices). es-ES and pt-PT write a
// long date the same way, "5 de enero de 2026"; format-date.test.ts checks
// every month against Intl, so the server-rendered text hydrates unchanged.
const monthNames: Record<string, readonly string[]> = {
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  pt: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
};

/** formatLongDay shows a moment's UTC calendar day as a long date ("5 de enero de 2026"), without Intl in es and pt. */
export function formatLongDay(date: Date, language: string): string {
  const months = monthNames[language];
  if (!months) return formatDate(date, language, { dateStyle: "long", timeZone: "UTC" });
  return `${date.getUTCDate()} de ${months[date.getUTCMonth()]} de ${date.getUTCFullYear()}`;
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
