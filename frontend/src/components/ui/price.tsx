import { useTranslation } from "react-i18next";
import { formatPrice } from "@/lib/format-price";

/**
 * Price shows euro cents in the current language's currency format. A
 * product's missing (zero) price reads as 'on request'; an amount (a total,
 * a sum spent) is a sum, and zero is 0,00 €.
 */
export function Price({ cents, className = "", amount = false }: { cents: number | bigint; className?: string; amount?: boolean }) {
  const { t, i18n } = useTranslation();
  return <span className={className}>{cents > 0 || amount ? formatPrice(cents, i18n.language) : t("priceOnRequest")}</span>;
}
