import type { OpeningHours, ShopDetails } from "@gen/sabores/v1/shop_details_pb";

/** addressLine is the address on one line: "Street, 27880 Burela (Lugo)". */
export function addressLine(d: ShopDetails | undefined): string {
  const a = d?.address;
  if (!a?.street) return "";
  const town = [a.postalCode, a.city].filter(Boolean).join(" ");
  return `${a.street}, ${town}${a.province ? ` (${a.province})` : ""}`;
}

/** phoneHref is the tel: link of a phone as shown ("+34 982 123 456"). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** whatsappUrl opens a chat with the number (digits with country code), greeting prefilled. */
export function whatsappUrl(number: string, greeting: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(greeting)}`;
}

// 2024-01-01 was a Monday: day d (1 = Monday … 7 = Sunday) is January d.
function weekdayName(day: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, day));
}

/** HoursRow is one line of the opening hours: a day or run of days with their openings. */
export interface HoursRow {
  days: string;
  openings: string[];
}

/**
 * openingRows groups the week for display: consecutive days with the same
 * openings share a row ("lunes – viernes"), and days without any say so
 * through an empty openings list. A week with no hours at all has no rows.
 */
export function openingRows(hours: readonly OpeningHours[], locale: string): HoursRow[] {
  if (hours.length === 0) return [];
  const byDay = Array.from({ length: 7 }, (_, i) =>
    hours
      .filter((h) => h.dayOfWeek === i + 1)
      .map((h) => `${h.opens}–${h.closes}`)
      .join(", "),
  );
  const rows: HoursRow[] = [];
  let start = 0;
  for (let d = 1; d <= 7; d++) {
    if (d < 7 && byDay[d] === byDay[start]) continue;
    const first = weekdayName(start + 1, locale);
    const days = d - 1 === start ? first : `${first} – ${weekdayName(d, locale)}`;
    rows.push({ days, openings: byDay[start] ? byDay[start].split(", ") : [] });
    start = d;
  }
  return rows;
}
