import { useTranslation } from "react-i18next";
import { Price } from "@/components/ui/price";

/**
 * ReducedPrice is the one way the shop shows a price under a promotion,
 * on cards, the product page, the cart and checkout: the price, and, when
 * a reduction is announced, the price it is announced against struck
 * through beside its badge. The server picks that reference
 * (pricing.Announced: the lowest price of the 30 days before, never above
 * the regular one; Dir. 2019/2161, CJEU C-330/23) and sends 0 when it
 * announces none, so the regular price is never struck through beside a
 * percentage measured against another.
 */
export function ReducedPrice({
  cents,
  referenceCents,
  label,
  className = "",
  referenceClassName = "text-sm text-stone-600",
}: {
  cents: number | bigint;
  referenceCents: number | bigint;
  label: string;
  className?: string;
  referenceClassName?: string;
}) {
  const { t } = useTranslation();
  const announced = label !== "" && referenceCents > cents;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <Price cents={cents} className={className} />
      {announced && (
        <>
          <s className={referenceClassName}>
            <span className="sr-only">{t("product.previousPrice")} </span>
            <Price cents={referenceCents} />
          </s>
          <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">{label}</span>
        </>
      )}
    </span>
  );
}
