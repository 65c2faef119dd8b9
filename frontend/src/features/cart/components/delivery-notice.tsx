import { useTranslation } from "react-i18next";
import { CartProblem, type ValidateCartResponse } from "@gen/sabores/v1/cart_service_pb";
import { useColdChainAreas } from "@/hooks/use-cold-chain-areas";

/**
 * DeliveryNotice says where the cart can go: before a postal code is known,
 * where frozen and chilled goods travel (as configured); once it
 * is, whether the shop delivers there at all and which lines it cannot send.
 */
export function DeliveryNotice({ priced }: { priced?: ValidateCartResponse }) {
  const { t } = useTranslation("cart");
  const areas = useColdChainAreas();
  if (!priced) return null;
  if (priced.deliveryArea && !priced.deliveryAreaServed) {
    return (
      <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
        {t(`deliveryArea.notServed.${priced.deliveryArea}`, { defaultValue: t("deliveryArea.notServed.other") })}
      </p>
    );
  }
  if (priced.lines.some((l) => l.problems.includes(CartProblem.DELIVERY_AREA))) {
    return (
      <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
        {t("deliveryArea.coldChainRefused", { areas })}
      </p>
    );
  }
  if (!priced.deliveryArea && priced.lines.some((l) => l.coldChain)) {
    return <p className="rounded bg-sky-50 p-2 text-sm text-sky-900">{t("deliveryArea.coldChain", { areas })}</p>;
  }
  return null;
}
