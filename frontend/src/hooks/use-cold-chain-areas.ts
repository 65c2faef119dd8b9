import { useTranslation } from "react-i18next";
import { useDeliveryAreas } from "@/hooks/use-shop-details";

/** joinAreas names areas as a sentence does: "la península, Ceuta y Melilla". */
export function joinAreas(names: string[], and: string): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${and} ${names[names.length - 1]}`;
}

/**
 * useColdChainAreas names where frozen and chilled goods are delivered, in
 * the active language, as the shop's cold-chain shipping zones reach; a
 * general phrase until the shop's details have arrived.
 */
export function useColdChainAreas(): string {
  const { t } = useTranslation("common");
  const areas = useDeliveryAreas()?.coldChain;
  if (!areas?.length) return t("deliveryAreas.coldChainUnknown");
  return joinAreas(
    areas.map((a) => t(`deliveryAreas.names.${a}`, { defaultValue: a })),
    t("deliveryAreas.and"),
  );
}
