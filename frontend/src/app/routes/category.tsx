import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Pagination } from "@/components/ui/pagination";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { useProducts } from "@/features/catalog/api/catalog";
import { readAllergens, withAllergens } from "@/lib/allergens";
import { AllergenFilter } from "@/features/catalog/components/allergen-filter";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useListError } from "@/hooks/use-list-error";
import { pageCount, readPage, withPage } from "@/lib/paging";

const pageSize = 20;

/** CategoryRoute is a category page (/bebidas, /alimentos, /beleza, /perfumes, /congelados). */
export default function CategoryRoute({ category }: { category: string }) {
  const { t } = useTranslation("catalog");
  const [sp, setSp] = useSearchParams();
  const page = readPage(sp);
  const withoutAllergens = readAllergens(sp);
  const query = useProducts({ category, page, pageSize, withoutAllergens });
  const error = useListError(query.error);
  const title = t(`categories.${category}`);
  return (
    <div className="container-page py-6">
      <Seo title={t("category.metaTitle", { title })} description={t(`categoryText.${category}`)} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 max-w-2xl text-stone-700">{t(`categoryText.${category}`)}</p>
      {category !== "beleza" && category !== "perfumes" && (
        <div className="mt-4">
          <AllergenFilter value={withoutAllergens} onChange={(next) => setSp(withAllergens(sp, next))} />
        </div>
      )}
      <div className="mt-6">
        {query.isPending ? (
          <Spinner label={t("category.loading")} />
        ) : (
          <ProductGrid
            products={query.data?.products}
            isPending={false}
            error={error}
          />
        )}
      </div>
      <Pagination
        page={page}
        totalPages={pageCount(query.data?.totalSize ?? 0, pageSize)}
        onPage={(p) => setSp(withPage(sp, p))}
      />
    </div>
  );
}
