import { useTranslation } from "react-i18next";
import { checkoutSteps } from "@/features/cart/checkout-types";

/** CheckoutProgress shows the four steps with the current one marked. */
export function CheckoutProgress({ step }: { step: number }) {
  const { t } = useTranslation("cart");
  return (
    <div className="mb-6">
      <ol className="grid grid-cols-4 gap-2 text-center text-xs sm:text-sm">
        {checkoutSteps.map((s, i) => (
          <li
            key={s}
            aria-current={i === step ? "step" : undefined}
            className={`rounded-md px-1 py-2 font-semibold ${i <= step ? "bg-brand-700 text-white" : "bg-stone-200 text-stone-700"}`}
          >
            {t(`steps.${s}`)}
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-stone-700">{t("stepOf", { step: step + 1, total: checkoutSteps.length })}</p>
    </div>
  );
}
