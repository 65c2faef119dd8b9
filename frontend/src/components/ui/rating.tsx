import { useTranslation } from "react-i18next";
import { intlLocale } from "@/lib/format-price";

// One formatter per locale: a product grid shows dozens of ratings, and
// building a formatter costs far more than using one.
const formatters = new Map<string, Intl.NumberFormat>();

function ratingFormatter(locale: string): Intl.NumberFormat {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    formatters.set(locale, f);
  }
  return f;
}

/** Rating shows a 0–5 star average; it is read out as a number. */
export function Rating({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  if (!(value > 0)) return null;
  const shown = ratingFormatter(intlLocale(i18n.language)).format(value);
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
