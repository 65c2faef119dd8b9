import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StepButtons } from "@/features/cart/components/step-buttons";
import type { PaymentChoice } from "@/features/cart/checkout-types";

const choices: PaymentChoice[] = ["card", "transfer", "cash"];

/** PaymentStep is step 3: card, bank transfer or cash on delivery. */
export function PaymentStep({
  value,
  onBack,
  onNext,
}: {
  value: PaymentChoice;
  onBack: () => void;
  onNext: (p: PaymentChoice) => void;
}) {
  const { t } = useTranslation("cart");
  const [choice, setChoice] = useState<PaymentChoice>(value);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext(choice);
      }}
      className="space-y-4"
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold">{t("payment.legend")}</legend>
        {choices.map((c) => (
          <label
            key={c}
            className={`card flex cursor-pointer items-start gap-3 p-4 ${choice === c ? "border-brand-700 ring-2 ring-brand-600" : ""}`}
          >
            <input
              type="radio"
              name="paymentMethod"
              value={c}
              checked={choice === c}
              onChange={() => setChoice(c)}
              className="mt-1"
            />
            <span>
              <span className="block font-semibold">{t(`payment.${c}`)}</span>
              <span className="block text-sm text-stone-700">{t(`payment.${c}Text`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <StepButtons onBack={onBack} />
    </form>
  );
}
