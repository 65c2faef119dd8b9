import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";

/**
 * Price shows euro cents in the current language's currency format; a
 * missing (zero) price reads as 'on request'.
 */
export function Price({ cents, className = "" }: { cents: number | bigint; className?: string }) {
  const { t, i18n } = useTranslation();
  return <span className={className}>{cents > 0 ? formatPrice(cents, i18n.language) : t("priceOnRequest")}</span>;
}
