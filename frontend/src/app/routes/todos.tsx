import { useId } from "react";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useSiteURL } from "@/hooks/use-site-url";
import { Seo } from "@/components/seo/seo";
import { useCategories, useProducts } from "@/features/catalog/api/catalog";
import { PagedProducts } from "@/features/catalog/components/paged-products";
import { readAllergens, withAllergens } from "@/lib/allergens";
import { AllergenFilter } from "@/features/catalog/components/allergen-filter";
import {
  readTodosParams,
  sortOptions,
  fixedCategories,
  todosPageSize,
  toListRequest,
  withFilter,
} from "@/features/catalog/todos-params";
import { pageRange } from "@/lib/paging";
import { schemaPrice } from "@/lib/format-price";

/** TodosRoute is /todos: every product, filtered, sorted and paged by URL. */
export default function TodosRoute() {
  const { t } = useTranslation("catalog");
  const siteURL = useSiteURL();
  const [sp, setSp] = useSearchParams();
  const params = readTodosParams(sp);
  const withoutAllergens = readAllergens(sp);
  const filter = { ...toListRequest(params), page: params.page, withoutAllergens };
  // The same request as the list below (one fetch): the count line and the
  // structured data describe the page shown.
  const query = useProducts(filter);
  const total = query.data?.totalSize ?? 0;
  const [first, last] = pageRange(params.page, todosPageSize, total);
  const categoryId = useId();
  // Every category with products, named by the server in the shopper's
  // language, between "everything" and the sections.
  const categories = useCategories().data?.categories ?? [];
  const categoryOptions: { slug: string; name: string }[] = [
    ...fixedCategories.first.map((c) => ({ slug: c, name: t(`categories.${c}`) })),
    ...categories,
    ...fixedCategories.last.map((c) => ({ slug: c, name: t(`categories.${c}`) })),
  ];
  if (!categoryOptions.some((c) => c.slug === params.category)) {
    categoryOptions.splice(1, 0, { slug: params.category, name: t(`categories.${params.category}`, params.category) });
  }
  const sortId = useId();

  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: t("todos.title"),
    numberOfItems: total,
    itemListElement: (query.data?.products ?? []).map((p, i) => ({
      "@type": "ListItem",
      position: first + i,
      item: {
        "@type": "Product",
        name: p.name,
        url: siteURL(`/producto/${p.id}`),
        ...(p.imageUrl ? { image: new URL(p.imageUrl, window.location.origin).href } : {}),
        offers: {
          "@type": "Offer",
          priceCurrency: "EUR",
          price: schemaPrice(p.promotion?.priceCents ?? p.priceCents),
          availability: "https://schema.org/InStock",
        },
      },
    })),
  };

  return (
    <div className="container-page py-6">
      <Seo title={t("todos.metaTitle")} description={t("todos.metaDescription")} keywords={t("todos.keywords")} jsonLd={jsonLd} />
      <nav aria-label={t("breadcrumb")} className="text-sm text-stone-600">
        <ol className="flex gap-2">
          <li>
            <Link to="/" className="link">
              {t("todos.breadcrumbHome")}
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page">{t("todos.title")}</li>
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{t("todos.title")}</h1>

      <div className="mt-4 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={categoryId} className="block text-sm font-medium">
            {t("todos.category")}
          </label>
          <select
            id={categoryId}
            className="input mt-1"
            value={params.category}
            onChange={(e) => setSp(withFilter(sp, "category", e.target.value))}
          >
            {categoryOptions.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={sortId} className="block text-sm font-medium">
            {t("todos.sortBy")}
          </label>
          <select
            id={sortId}
            className="input mt-1"
            value={params.sortBy}
            onChange={(e) => setSp(withFilter(sp, "sortBy", e.target.value))}
          >
            {sortOptions.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <p className="ml-auto min-h-6 text-sm text-stone-700" role="status">
          {first > 0 ? t("todos.showing", { first, last, total }) : ""}
        </p>
        <AllergenFilter value={withoutAllergens} onChange={(next) => setSp(withAllergens(sp, next))} />
      </div>

      <div className="mt-6">
        <PagedProducts filter={filter} pageSize={todosPageSize} skeletons={todosPageSize} priority={4} />
      </div>
    </div>
  );
}
