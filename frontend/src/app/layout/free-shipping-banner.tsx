import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";

// Free shipping is promised above 29,95 € (the server's threshold too).
const freeShippingThresholdCents = 2995;

/** FreeShippingBanner is the thin promise strip above the header. */
export function FreeShippingBanner() {
  const { t, i18n } = useTranslation();
  return (
    <div className="bg-brand-800 px-4 py-1.5 text-center text-sm font-medium text-white">
      {t("freeShipping", { amount: formatPrice(freeShippingThresholdCents, i18n.language) })}
    </div>
  );
}
