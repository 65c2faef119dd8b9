import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { HoursRow } from "@/features/admin/settings/lib/shop-settings-form";

// 2024-01-01 was a Monday: day d (1 = Monday … 7 = Sunday) is January d.
function dayName(day: number, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, day));
}

/** OpeningHoursEditor edits the week's openings, one row each; a day with a break has two. */
export function OpeningHoursEditor({
  rows,
  onChange,
  error,
}: {
  rows: HoursRow[];
  onChange: (rows: HoursRow[]) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation("admin");
  const id = useId();
  const set = (i: number, patch: Partial<HoursRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">{t("shopSettings.fields.opening_hours")}</legend>
      {rows.map((r, i) => (
        <div key={i} className="flex flex-wrap items-end gap-2">
          <label className="text-xs">
            <span className="sr-only">{t("shopSettings.hours.day")}</span>
            <select className="input" value={r.day} onChange={(e) => set(i, { day: Number(e.target.value) })}>
              {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                <option key={d} value={d}>
                  {dayName(d, i18n.language)}
                </option>
              ))}
            </select>
          </label>
          <label className="text-xs">
            {t("shopSettings.hours.opens")}
            <input type="time" required className="input" value={r.opens} onChange={(e) => set(i, { opens: e.target.value })} />
          </label>
          <label className="text-xs">
            {t("shopSettings.hours.closes")}
            <input type="time" required className="input" value={r.closes} onChange={(e) => set(i, { closes: e.target.value })} />
          </label>
          <button type="button" className="btn btn-ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            {t("shopSettings.hours.remove")}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-outline"
        disabled={rows.length >= 21}
        onClick={() => onChange([...rows, { day: Math.min((rows.at(-1)?.day ?? 0) + 1, 7), opens: "10:00", closes: "14:00" }])}
      >
        {t("shopSettings.hours.add")}
      </button>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
