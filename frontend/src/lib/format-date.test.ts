import { describe, expect, it } from "vitest";
import { formatDate, formatLongDay } from "@/lib/format-date";

describe("formatDate", () => {
  const day = new Date(Date.UTC(2026, 0, 5, 12, 30));

  it("uses the shop's regional locale for each language", () => {
    const options = { dateStyle: "long", timeZone: "UTC" } as const;
    expect(formatDate(day, "es", options)).toBe(new Intl.DateTimeFormat("es-ES", options).format(day));
    expect(formatDate(day, "pt", options)).toBe(new Intl.DateTimeFormat("pt-PT", options).format(day));
  });

  it("keeps languages and styles apart when it reuses formatters", () => {
    const short = { day: "numeric", month: "short", timeZone: "UTC" } as const;
    const long = { dateStyle: "long", timeZone: "UTC" } as const;
    expect(formatDate(day, "es", short)).toBe(new Intl.DateTimeFormat("es-ES", short).format(day));
    expect(formatDate(day, "es", long)).toBe(new Intl.DateTimeFormat("es-ES", long).format(day));
    expect(formatDate(day, "pt", short)).toBe(new Intl.DateTimeFormat("pt-PT", short).format(day));
  });
});

describe("formatLongDay", () => {
  it("writes each month's long date as Intl does in es-ES and pt-PT", () => {
    const options = { dateStyle: "long", timeZone: "UTC" } as const;
    for (let month = 0; month < 12; month++) {
      // Late in the UTC day: a local time zone must not move it to the next.
      const day = new Date(Date.UTC(2026, month, month + 1, 23, 30));
      expect(formatLongDay(day, "es")).toBe(new Intl.DateTimeFormat("es-ES", options).format(day));
      expect(formatLongDay(day, "pt")).toBe(new Intl.DateTimeFormat("pt-PT", options).format(day));
    }
  });

  it("leaves other languages to Intl", () => {
    const day = new Date(Date.UTC(2026, 2, 9));
    expect(formatLongDay(day, "en")).toBe("March 9, 2026");
  });
});
