import { useTranslation } from "react-i18next";
import { StarsIcon } from "@/components/ui/icons";
import { formatDecimal } from "@/lib/format-number";

// The filled stars' width in half stars, as classes: a style attribute
// would be refused by the CSP in server-rendered HTML (style-src 'self').
const halfStarWidths = [
  "w-0",
  "w-[10%]",
  "w-[20%]",
  "w-[30%]",
  "w-[40%]",
  "w-[50%]",
  "w-[60%]",
  "w-[70%]",
  "w-[80%]",
  "w-[90%]",
  "w-full",
] as const;

/** Rating shows a 0–5 star average to the nearest half star; it is read out as the number. */
export function Rating({ value }: { value: number }) {
  const { t, i18n } = useTranslation();
  if (!(value > 0)) return null;
  const shown = formatDecimal(value, i18n.language, 1);
  const halves = Math.min(10, Math.max(0, Math.round(value * 2)));
  return (
    <span role="img" aria-label={t("rating", { value: shown })} className="relative inline-block text-sm leading-none">
      <StarsIcon className="text-stone-300" />
      <span className={`absolute inset-y-0 left-0 overflow-hidden text-amber-500 ${halfStarWidths[halves]}`}>
        <StarsIcon />
      </span>
    </span>
  );
}
