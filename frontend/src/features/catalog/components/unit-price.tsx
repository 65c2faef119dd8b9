import { useTranslation } from "react-i18next";
import type { UnitPriceBasis } from "@gen/sabores/v1/food_pb";
import type { Product } from "@gen/sabores/v1/types_pb";
import { formatPrice } from "@/lib/format-price";

// The enum's numbers, not its generated object: importing that would bring
// the protobuf descriptors (about 11 KB gzip) into every product card, and so
// into the home page's first download. unit-price.test.tsx checks them
// against the generated enum.
/** basisKeys are the locale keys of UnitPriceBasis KG (1), L (2) and UNIT (3). */
export const basisKeys: Partial<Record<UnitPriceBasis, string>> = { 1: "kg", 2: "l", 3: "unit" };

/**
 * UnitPrice shows the price per kg, litre or piece (RD 3423/2000) that the
 * server computed from the price the shopper pays; nothing when exempt.
 */
export function UnitPrice({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const u = product.unitPrice;
  const key = u ? basisKeys[u.basis] : undefined;
  if (!u || !key) return null;
  return (
    <p className="text-xs text-stone-600" data-testid="unit-price">
      <span className="sr-only">{t("product.unitPriceLabel")}: </span>
      {t(`product.unitPrice.${key}`, { price: formatPrice(u.cents, i18n.language) })}
    </p>
  );
}
