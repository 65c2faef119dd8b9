import { useTranslation } from "react-i18next";

/**
 * StepButtons are a checkout step's Atrás and Continuar. Without onNext,
 * Continuar submits the step's form.
 */
export function StepButtons({
  onBack,
  onNext,
  nextDisabled,
  className = "flex justify-between gap-2",
}: {
  onBack: () => void;
  onNext?: () => void;
  nextDisabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("cart");
  return (
    <div className={className}>
      <button type="button" className="btn btn-outline" onClick={onBack}>
        {t("back")}
      </button>
      <button type={onNext ? "button" : "submit"} className="btn btn-primary" disabled={nextDisabled} onClick={onNext}>
        {t("continue")}
      </button>
    </div>
  );
}
