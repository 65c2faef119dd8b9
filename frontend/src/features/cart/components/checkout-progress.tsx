import { useTranslation } from "react-i18next";
import { checkoutSteps } from "@/features/cart/checkout-types";

/**
 * CheckoutProgress shows the four steps with the current one marked. On a
 * phone the four names do not fit side by side ("Confirmación" alone is
 * wider than a quarter of 360 px), so there the current step shows its name
 * and the others their number, their names kept for screen readers.
 */
export function CheckoutProgress({ step }: { step: number }) {
  const { t } = useTranslation("cart");
  return (
    <div className="mb-6">
      <ol className="flex gap-2 text-center text-xs sm:text-sm">
        {checkoutSteps.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? "step" : undefined}
            className={`min-w-0 rounded-md px-1 py-2 font-semibold ${i === step ? "flex-[3] sm:flex-1" : "flex-1"} ${i <= step ? "bg-brand-700 text-white" : "bg-stone-200 text-stone-700"}`}
          >
            <span className={i === step ? undefined : "sr-only sm:not-sr-only"}>{t(`steps.${s}`)}</span>
            {i !== step && (
              <span aria-hidden="true" className="sm:hidden">
                {i + 1}
              </span>
            )}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-stone-700">{t("stepOf", { step: step + 1, total: checkoutSteps.length })}</p>
    </div>
  );
}
