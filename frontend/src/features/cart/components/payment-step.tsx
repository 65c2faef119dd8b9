import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBox } from "@/components/ui/error-box";
import { Spinner } from "@/components/ui/spinner";
import { formatPrice } from "@/lib/format-price";
import { choiceOf } from "@/features/cart/api/place-order";
import type { CartItem } from "@/stores/cart-rules";
import { usePaymentOptions } from "@/features/cart/api/payment-options";
import { StepButtons } from "@/features/cart/components/step-buttons";
import type { PaymentChoice } from "@/features/cart/checkout-types";

/**
 * PaymentStep is step 3: the methods the shop takes now (card and Bizum
 * through Redsys, bank transfer, cash on delivery with its surcharge), and
 * those this order cannot be paid with, greyed out with the reason.
 */
export function PaymentStep({
  items,
  value,
  onBack,
  onNext,
}: {
  items: CartItem[];
  value: PaymentChoice | null;
  onBack: () => void;
  onNext: (p: PaymentChoice) => void;
}) {
  const { t, i18n } = useTranslation("cart");
  const options = usePaymentOptions(items);
  const choices = (options.data?.paymentMethods ?? []).flatMap((m) => choiceOf(m) ?? []);
  const unavailable = (options.data?.unavailablePaymentMethods ?? []).flatMap((u) => {
    const c = choiceOf(u.paymentMethod);
    return c ? [{ choice: c, reason: u.reason }] : [];
  });
  const [picked, setPicked] = useState<PaymentChoice | null>(value);
  const choice = picked && choices.includes(picked) ? picked : (choices[0] ?? null);
  const surcharge = options.data?.cashOnDeliverySurchargeCents ?? 0n;

  if (options.isPending) return <Spinner label={t("payment.loading")} />;
  if (options.isError) return <ErrorBox>{t("payment.loadError")}</ErrorBox>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (choice) onNext(choice);
      }}
      className="space-y-4"
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 font-semibold">{t("payment.legend")}</legend>
        {choices.length === 0 && unavailable.length === 0 && <p className="text-stone-700">{t("payment.none")}</p>}
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
              onChange={() => setPicked(c)}
              className="mt-1"
            />
            <span>
              <span className="block font-semibold">{t(`payment.${c}`)}</span>
              <span className="block text-sm text-stone-700">{t(`payment.${c}Text`)}</span>
              {c === "cash" && surcharge > 0n && (
                <span className="block text-sm font-medium text-stone-800">
                  {t("payment.cashSurcharge", { amount: formatPrice(surcharge, i18n.language) })}
                </span>
              )}
            </span>
          </label>
        ))}
        {unavailable.map(({ choice: c, reason }) => (
          <div key={c} className="card flex items-start gap-3 p-4 text-stone-600">
            <input type="radio" name="paymentMethod" value={c} disabled aria-describedby={`unavailable-${c}`} className="mt-1" aria-label={t(`payment.${c}`)} />
            <span>
              <span className="block font-semibold">{t(`payment.${c}`)}</span>
              <span id={`unavailable-${c}`} className="block text-sm text-stone-800">
                {t(`limits.${reason}`, { defaultValue: t("payment.unavailable") })}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      <StepButtons onBack={onBack} nextDisabled={!choice} />
    </form>
  );
}
