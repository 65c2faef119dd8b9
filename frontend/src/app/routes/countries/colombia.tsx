import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Pagination } from "@/components/ui/pagination";
import { Seo } from "@/components/seo/seo";
import { useProducts } from "@/features/catalog/api/catalog";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useListError } from "@/hooks/use-list-error";
import { useClampedPage } from "@/hooks/use-clamped-page";
import { pageCount, readPage, withPage } from "@/lib/paging";

const pageSize = 20;

/** ColombiaRoute is /colombia: hero and the products paged by 20. */
export default function ColombiaRoute() {
  const { t } = useTranslation("countries");
  const name = useCountryName("colombia");
  const [sp, setSp] = useSearchParams();
  const page = readPage(sp);
  const q = useProducts({ country: "colombia", page, pageSize });
  const error = useListError(q.error);
  useClampedPage(page, q.data && pageCount(q.data.totalSize, pageSize));
  if (q.isError) console.error("colombia: load failed", q.error);
  return (
    <>
      <Seo title={t("common.metaTitle", { country: name })} description={t("colombia.subtitle")} />
      <CountryHero
        slug="colombia"
        title={t("common.heroTitle", { country: name })}
        subtitle={t("colombia.subtitle")}
        className="from-yellow-500 via-blue-700 to-red-600"
      />
      <section aria-labelledby="products-title" className="container-page py-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <h2 id="products-title" className="text-2xl font-bold">
            {t("common.productsTitle", { country: name })}
          </h2>
          <Link to="/colombia/produtos" className="link">
            {t("common.seeAll")}
          </Link>
        </div>
        <ProductGrid
          products={q.data?.products}
          isPending={q.isPending}
          error={error}
          skeletons={pageSize}
          empty={t("common.noneText", { country: name })}
        />
        <Pagination
          page={page}
          totalPages={pageCount(q.data?.totalSize ?? 0, pageSize)}
          onPage={(p) => setSp(withPage(sp, p))}
          window={false}
        />
      </section>
    </>
  );
}
