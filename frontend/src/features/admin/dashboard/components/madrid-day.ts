import { formatDate } from "@/lib/format-date";

/** madridDay is a YYYY-MM-DD Madrid day as the back office writes dates ("29 de noviembre"). */
export function madridDay(iso: string, language: string): string {
  return formatDate(new Date(`${iso}T12:00:00Z`), language, { day: "numeric", month: "long", timeZone: "Europe/Madrid" });
}
