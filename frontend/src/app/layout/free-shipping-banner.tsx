import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";
import { useFreeShippingThreshold } from "@/hooks/use-shop-details";

/**
 * FreeShippingBanner is the thin promise strip above the header: the
 * threshold the shop's standard shipping method is free from, as the owner
 * set it; nothing while it is unknown or when there is no such promise.
 */
export function FreeShippingBanner() {
  const { t, i18n } = useTranslation();
  const threshold = useFreeShippingThreshold();
  if (!threshold) return null;
  return (
    <div className="bg-brand-800 px-4 py-1.5 text-center text-sm font-medium text-white">
      {t("freeShipping", { amount: formatPrice(threshold, i18n.language) })}
    </div>
  );
}
