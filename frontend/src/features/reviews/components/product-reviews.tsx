import { timestampDate } from "@bufbuild/protobuf/wkt";
import { useTranslation } from "react-i18next";
import { Rating } from "@/components/ui/rating";
import { useProductReviews } from "@/features/reviews/api/reviews";
import { Stars } from "@/components/ui/stars";
import { formatLongDay } from "@/lib/format-date";
import { formatDecimal } from "@/lib/format-number";
import type { Product } from "@gen/sabores/v1/types_pb";

/**
 * ProductReviews is a product page's reviews: their count and average, the
 * line saying how they are verified (the Omnibus directive asks for it),
 * and the published reviews, newest first.
 */
export function ProductReviews({ product }: { product: Product }) {
  const { t, i18n } = useTranslation("catalog");
  const any = product.reviewCount > 0;
  const q = useProductReviews(product.id, any);
  return (
    <section aria-labelledby="reviews-title" className="mt-10 max-w-3xl space-y-3">
      <h2 id="reviews-title" className="text-xl font-bold">
        {t("reviews.title")}
      </h2>
      {any ? (
        <p className="flex flex-wrap items-center gap-2">
          <Rating value={product.rating} />
          <span className="font-semibold">
            {t("reviews.summary", {
              count: product.reviewCount,
              average: formatDecimal(product.rating, i18n.language, 1),
            })}
          </span>
        </p>
      ) : (
        <p className="text-stone-700">{t("reviews.none")}</p>
      )}
      <p className="rounded bg-stone-100 p-3 text-sm text-stone-800">{t("reviews.verified")}</p>
      {q.data && (
        <ul className="divide-y divide-stone-200">
          {q.data.reviews.map((r) => (
            <li key={String(r.id)} className="py-3">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Stars value={r.stars} />
                <span className="font-semibold">{r.author}</span>
                {r.createTime && (
                  <time dateTime={timestampDate(r.createTime).toISOString()} className="text-stone-600">
                    {formatLongDay(timestampDate(r.createTime), i18n.language)}
                  </time>
                )}
                <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900">
                  {t("reviews.verifiedPurchase")}
                </span>
              </p>
              <p lang={r.language} className="mt-1 whitespace-pre-wrap break-words text-stone-800">
                {r.text}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
