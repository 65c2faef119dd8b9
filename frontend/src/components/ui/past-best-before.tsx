import { useTranslation } from "react-i18next";

/**
 * PastBestBefore says that units on sale are of a best-before lot past its
 * date, which the owner chose to sell (issue 40), in the words of Reg.
 * 1169/2011 Annex X for a date with its day, and that the date has passed.
 * The product page, its cards, the cart and the checkout's review all show
 * this one label, so the shopper reads the same words before paying as on
 * the page; compact fits a card or a line. Nothing without a date.
 */
export function PastBestBefore({ date, compact = false }: { date: string; compact?: boolean }) {
  const { t } = useTranslation("common");
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  return (
    <p
      className={`w-fit rounded-md border border-amber-300 bg-amber-50 font-semibold text-amber-900 ${compact ? "px-2 py-1 text-xs" : "px-3 py-2 text-sm"}`}
      data-testid="past-best-before"
    >
      {t("product.pastBestBefore", { date: `${m[3]}/${m[2]}/${m[1]}` })}
    </p>
  );
}
