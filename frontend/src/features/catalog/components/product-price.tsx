import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";
import { ReducedPrice } from "@/components/ui/reduced-price";
import { UnitPrice } from "@/features/catalog/components/unit-price";
import type { Product } from "@gen/sabores/v1/types_pb";

/**
 * ProductPrice shows the price; with a running promotion, the reduced
 * price as ReducedPrice shows it everywhere, and the lowest price of the 30
 * days before the reduction named below it (Dir. 2019/2161).
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
  return (
    <div>
      <ReducedPrice
        cents={promo.priceCents}
        referenceCents={promo.referencePriceCents}
        label={promo.label}
        className={`${size} font-bold text-red-700`}
      />
      {promo.lowestPrice30dCents > 0n && (
        <p className="text-xs text-stone-600">
          {t("product.lowest30d")} <Price cents={promo.lowestPrice30dCents} />
        </p>
      )}
      <UnitPrice product={product} />
    </div>
  );
}
