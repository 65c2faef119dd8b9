import { useTranslation } from "react-i18next";
import type { ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";
import { isPickup, chosenOption, refusalKey } from "@/features/cart/shipping";

/**
 * DeliveryNotice says where the cart can go: before a postal code is known,
 * where frozen and chilled goods travel (as the shipping rates reach); once
 * it is, the one reason no home delivery can take the cart there, if any.
 */
export function DeliveryNotice({ priced }: { priced?: ValidateCartResponse }) {
  const { t } = useTranslation("cart");
  const areas = useColdChainAreas();
  if (!priced) return null;
  const refusal = isPickup(chosenOption(priced)) ? undefined : refusalKey(priced);
  if (refusal) {
    return (
      <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
        {t(refusal, { areas })}
      </p>
    );
  }
  if (!priced.deliveryArea && priced.coldChain) {
    return <p className="rounded bg-sky-50 p-2 text-sm text-sky-900">{t("deliveryArea.coldChain", { areas })}</p>;
  }
  return null;
}
