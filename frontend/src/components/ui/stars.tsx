import { useTranslation } from "react-i18next";

/** Stars shows a review's whole stars; it is read out as the number. */
export function Stars({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t("rating", { value })} className="text-amber-500">
      <span aria-hidden="true">
        {"★".repeat(value)}
        <span className="text-stone-300">{"★".repeat(Math.max(0, 5 - value))}</span>
      </span>
    </span>
  );
}
