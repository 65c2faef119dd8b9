import { useState } from "react";
import { useTranslation } from "react-i18next";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { AdminProduct } from "@gen/sabores/v1/admin_types_pb";
import { usePublishProduct } from "@/features/admin/products/api/product-changes";
import { gapKey, missingOf } from "@/features/admin/products/lib/publish-gaps";
import { useSaveFailure } from "@/features/admin/shared/hooks/use-save-failure";
import { errorInfos } from "@/lib/connect-errors";
import { formatDate } from "@/lib/format-date";

/**
 * PublishPanel says whether a product is a draft or on sale, what it lacks
 * before it may be published (a food's information, EU 1169/2011 art. 9;
 * another product's manufacturer, GPSR art. 19),
 * and publishes or unpublishes it. A refusal names what is missing in words.
 */
export function PublishPanel({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation("admin");
  const publish = usePublishProduct();
  const saveFailure = useSaveFailure();
  const [refused, setRefused] = useState<string[]>([]);
  const published = product.publishTime !== undefined;
  const gaps = product.publishGaps.map(gapKey).filter((k): k is string => k !== undefined);
  // A refusal stands while what it named is still missing: once the owner
  // completes the product, its stale list would contradict the product.
  const stillRefused = refused.filter((k) => gaps.includes(k));
  const missing = stillRefused.length > 0 ? stillRefused : gaps;
  const toggle = () => {
    setRefused([]);
    publish.mutate(
      { id: product.id, published: !published },
      {
        onError: (err) => {
          const info = errorInfos(err).find((i) => i.reason === "PRODUCT_INCOMPLETE");
          if (info) setRefused(missingOf(info.metadata.missing));
          else saveFailure("product", err);
        },
      },
    );
  };
  const tone = published ? (gaps.length > 0 ? "border-amber-300 bg-amber-50" : "border-emerald-300 bg-emerald-50") : "border-stone-300 bg-stone-50";
  return (
    <section aria-labelledby="publish-status" className={`rounded-lg border p-3 sm:p-4 ${tone}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="publish-status" className="font-semibold">
          {published
            ? t("publish.publishedOn", {
                date: formatDate(timestampDate(product.publishTime!), i18n.language, { dateStyle: "long", timeZone: "Europe/Madrid" }),
              })
            : t("publish.draft")}
        </h2>
        <button type="button" className={`btn ${published ? "btn-outline" : "btn-primary"} ml-auto`} disabled={publish.isPending} onClick={toggle}>
          {t(published ? "publish.unpublish" : "publish.publish")}
        </button>
      </div>
      <p className="mt-1 text-sm text-stone-700">{t(published ? "publish.publishedHint" : "publish.draftHint")}</p>
      {missing.length > 0 && (
        <div role={stillRefused.length > 0 ? "alert" : undefined} className="mt-2 text-sm">
          <p className="font-medium text-amber-900">{t(stillRefused.length > 0 ? "publish.refused" : published ? "publish.flagged" : "publish.lacks")}</p>
          <ul className="ml-5 list-disc">
            {missing.map((k) => (
              <li key={k}>{t(`publish.gaps.${k}`)}</li>
            ))}
          </ul>
          <p className="mt-1 text-stone-700">{t("publish.whereToFix")}</p>
        </div>
      )}
    </section>
  );
}
