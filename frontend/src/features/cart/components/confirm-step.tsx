import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Code } from "@connectrpc/connect";
import { ErrorBox } from "@/components/ui/error-box";
import { errorCode } from "@/lib/connect-errors";
import { formatPrice } from "@/lib/format-price";
import type { CartItem } from "@/stores/cart-rules";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { lawRefusal, limitProblem, lineProblems, type usePlaceOrder } from "@/features/cart/api/place-order";
import { usePaymentOptions } from "@/features/cart/api/payment-options";
import { AgeDeclaration } from "@/features/cart/components/age-declaration";
import type { DeliveryForm, PaymentChoice } from "@/features/cart/checkout-types";
import { OrderLines } from "@/features/cart/components/order-lines";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";
import { chosenOption, isPickup } from "@/features/cart/shipping";
import { discountRefusal } from "@/features/cart/discount-code";

/** ConfirmStep is step 4: the order as it will be sent, and why it was refused if it was. */
export function ConfirmStep({
  items,
  priced,
  delivery,
  payment,
  place,
  onBack,
  onFinish,
}: {
  items: CartItem[];
  priced?: ValidateCartResponse;
  delivery: DeliveryForm;
  payment: PaymentChoice;
  place: ReturnType<typeof usePlaceOrder>;
  onBack: () => void;
  onFinish: (ageDeclared: boolean) => void;
}) {
  const { t, i18n } = useTranslation("cart");
  // The payment step loaded the options; this reads the same cached answer.
  const options = usePaymentOptions(items);
  const cashSurchargeCents = payment === "cash" ? (options.data?.cashOnDeliverySurchargeCents ?? 0n) : 0n;
  const shipping = chosenOption(priced);
  const [adult, setAdult] = useState(false);
  const [adultMissing, setAdultMissing] = useState(false);
  const needsAge = priced?.ageDeclarationRequired ?? false;
  const lawError = lawRefusal(place.error);
  const coldChainAreas = useColdChainAreas();
  const problems = lineProblems(place.error);
  const limit = limitProblem(place.error);
  const codeRefusal = discountRefusal(place.error);
  const placeError = place.isError
    ? codeRefusal
      ? t(codeRefusal.key, { minimum: formatPrice(codeRefusal.minimumCents, i18n.language) })
      : lawError
      ? t(lawError, { areas: coldChainAreas })
      : limit
      ? t(`limits.${limit.reason}`, limit)
      : errorCode(place.error) === Code.FailedPrecondition
      ? t("stockProblem")
      : errorCode(place.error) === Code.Unauthenticated
        ? t("sessionExpired")
        : t("placeError")
    : null;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="font-semibold">{t("confirm.delivery")}</h3>
        <address className="not-italic text-sm text-stone-800">
          {delivery.name}
          <br />
          {delivery.email} · {delivery.phone}
          {!isPickup(shipping) && (
            <>
              <br />
              {delivery.address}, {delivery.zipCode} {delivery.city}
            </>
          )}
        </address>
        {shipping && (
          <p className="text-sm">
            {shipping.name}
            {isPickup(shipping) && ` · ${t("shippingMethods.pickup")}`}
          </p>
        )}
      </div>
      <div>
        <h3 className="font-semibold">{t("confirm.payment")}</h3>
        <p className="text-sm">{t(`payment.${payment}`)}</p>
        {cashSurchargeCents > 0n && (
          <p className="text-sm">{t("payment.cashSurcharge", { amount: formatPrice(cashSurchargeCents, i18n.language) })}</p>
        )}
      </div>
      <OrderLines items={items} priced={priced} problems={problems} />
      {needsAge && (
        <AgeDeclaration
          checked={adult}
          missing={adultMissing}
          onChange={(v) => {
            setAdult(v);
            setAdultMissing(false);
          }}
        />
      )}
      <p className="text-sm text-stone-800">
        <Trans
          t={t}
          i18nKey="confirm.terms"
          components={{
            terms: <Link to="/terms" target="_blank" className="font-semibold text-brand-700 underline" />,
            returns: <Link to="/return-policy" target="_blank" className="font-semibold text-brand-700 underline" />,
          }}
        />
      </p>
      {placeError && <ErrorBox>{placeError}</ErrorBox>}
      <div className="flex justify-between gap-2">
        <button type="button" className="btn btn-outline" onClick={onBack} disabled={place.isPending}>
          {t("back")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            if (needsAge && !adult) {
              setAdultMissing(true);
              document.getElementById("age-declaration")?.focus();
              return;
            }
            onFinish(needsAge && adult);
          }}
          disabled={place.isPending}
        >
          {place.isPending ? t("placing") : t("finish")}
        </button>
      </div>
    </div>
  );
}
