import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { UnitPrice } from "@/features/catalog/components/unit-price";
import type { Product } from "@gen/sabores/v1/types_pb";

/**
 * ProductPrice shows the price; with a running promotion it shows the
 * reduced price, the badge and, struck through, the price the reduction is
 * measured against: as EU law asks (C-330/23), the lowest price of the 30
 * days before the reduction, named below, or the regular price when none is
 * known.
 * Under it, the unit price Spanish price rules ask for.
 */
export function ProductPrice({ product, large = false }: { product: Product; large?: boolean }) {
  const { t } = useTranslation();
  const promo = product.promotion;
  const size = large ? "text-3xl" : "text-lg";
  if (!promo)
    return (
      <div>
        <Price cents={product.priceCents} className={`${size} font-bold text-stone-900`} />
        <UnitPrice product={product} />
      </div>
    );
  const regular = promo.originalPriceCents > 0n ? promo.originalPriceCents : product.priceCents;
  const reference = promo.lowestPrice30dCents > 0n ? promo.lowestPrice30dCents : regular;
  return (
    <div>
      <div className="flex flex-wrap items-baseline gap-2">
        <Price cents={promo.priceCents} className={`${size} font-bold text-red-700`} />
        <s className="text-sm text-stone-600">
          <span className="sr-only">{t(promo.lowestPrice30dCents > 0n ? "product.previousPrice" : "product.regularPrice")} </span>
          <Price cents={reference} />
        </s>
        {promo.label && (
          <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">{promo.label}</span>
        )}
      </div>
      {promo.lowestPrice30dCents > 0n && (
        <p className="text-xs text-stone-600">
          {t("product.lowest30d")} <Price cents={promo.lowestPrice30dCents} />
        </p>
      )}
      <UnitPrice product={product} />
    </div>
  );
}
