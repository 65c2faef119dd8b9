import { useTranslation } from "react-i18next";
import { StarsIcon } from "@/components/ui/icons";

/** Stars shows a review's whole stars; it is read out as the number. */
export function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  const stars = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span role="img" aria-label={t("rating", { value })} className="inline-flex align-[-0.125em] text-amber-500">
      {stars > 0 && <StarsIcon count={stars} />}
      {stars < 5 && <StarsIcon count={5 - stars} className="text-stone-300" />}
    </span>
  );
}
