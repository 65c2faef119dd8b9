import { useTranslation } from "react-i18next";
import { useCountryCatalogue } from "@/features/catalog/api/catalog";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useListError } from "@/hooks/use-list-error";

/**
 * CountryProducts lists every product visible in a country (of one category
 * or section, when filtered), 100 at a time with 'load more', and the count
 * found.
 */
export function CountryProducts({
  slug,
  countryName,
  filter,
}: {
  slug: string;
  countryName: string;
  filter?: { category?: string; onlineCategory?: string };
}) {
  const { t } = useTranslation("countries");
  const q = useCountryCatalogue(slug, filter);
  const products = q.data?.pages.flatMap((p) => p.products);
  const total = q.data?.pages[0]?.totalSize ?? 0;
  const error = useListError(q.error);
  if (q.isError) console.error("country products: load failed", slug, q.error);
  return (
    <div>
      <p className="mb-4 min-h-6 text-stone-700" role="status">
        {q.data ? t("common.count", { count: total }) : ""}
      </p>
      <ProductGrid
        products={products}
        isPending={q.isPending}
        error={error}
        empty={
          <>
            <span className="block font-semibold">{t("common.noneTitle")}</span>
            {t("common.noneText", { country: countryName })}
          </>
        }
      />
      {q.hasNextPage && (
        <div className="mt-6 text-center">
          <button type="button" className="btn btn-outline" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {t("common.loadMore")}
          </button>
        </div>
      )}
    </div>
  );
}
