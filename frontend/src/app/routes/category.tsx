import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { Spinner } from "@/components/ui/spinner";
import { PagedProducts } from "@/features/catalog/components/paged-products";
import { readPage } from "@/lib/paging";
import { readAllergens, withAllergens } from "@/lib/allergens";
import { AllergenFilter } from "@/features/catalog/components/allergen-filter";

const pageSize = 20;

/** CategoryRoute is a category page (/bebidas, /alimentos, /doces, /congelados, /beleza, /perfumes). */
export default function CategoryRoute({ category }: { category: string }) {
  const { t } = useTranslation("catalog");
  const [sp, setSp] = useSearchParams();
  const page = readPage(sp);
  const withoutAllergens = readAllergens(sp);
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
        <PagedProducts
          filter={{ category, page, pageSize, withoutAllergens }}
          pageSize={pageSize}
          loading={<Spinner label={t("category.loading")} />}
          // The first row is in a phone's first screen: its pictures load
          // at once (one is the page's LCP), as on /todos.
          priority={4}
        />
      </div>
    </div>
  );
}
