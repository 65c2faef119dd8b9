import { useTranslation } from "react-i18next";
import { intlLocale } from "@/lib/format-price";

/** Rating shows a 0–5 star average; it is read out as a number. */
export function Rating({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  if (!(value > 0)) return null;
  const shown = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 }).format(value);
  const percent = Math.min(100, Math.max(0, (value / 5) * 100));
  return (
    <span role="img" aria-label={t("rating", { value: shown })} className="relative inline-block text-sm leading-none">
      <span aria-hidden="true" className="text-stone-300">
        ★★★★★
      </span>
      <span aria-hidden="true" className="absolute inset-0 overflow-hidden text-amber-500" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
