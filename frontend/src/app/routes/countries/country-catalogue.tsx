import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { useCategories } from "@/features/catalog/api/catalog";
import { useCountryName } from "@/features/catalog/components/country-hero";
import { CountryProducts } from "@/features/catalog/components/country-products";

const sections = ["lanzamientos", "populares"] as const;

/**
 * CountryCatalogueRoute is /brasil/produtos, /colombia/produtos and
 * /cabo-verde/produtos: all of the country's products, or those of one
 * category (?category=doces) or section (?section=lanzamientos), with a
 * link per category the country has products in.
 */
export default function CountryCatalogueRoute({ slug }: { slug: string }) {
  const { t } = useTranslation("countries");
  const { name, of: ofCountry } = useCountryName(slug);
  const [sp] = useSearchParams();
  const categories = useCategories(slug).data?.categories ?? [];
  const category = sp.get("category") ?? "";
  const section = sections.find((s) => s === sp.get("section")) ?? "";
  const current = section ? t(`common.sections.${section}`) : categories.find((c) => c.slug === category)?.name;
  const link = (to: string, label: string, active: boolean) => (
    <li key={to}>
      <Link
        to={to}
        aria-current={active ? "page" : undefined}
        className={`inline-block rounded-full border px-3 py-1 text-sm ${active ? "border-brand-700 bg-brand-700 text-white" : "border-stone-300 hover:bg-stone-100"}`}
      >
        {label}
      </Link>
    </li>
  );
  return (
    <div className="container-page py-6">
      <Seo title={t("common.catalogueMetaTitle", { of: ofCountry })} />
      <BackLink to={`/${slug}`}>{t("common.backTo", { country: name })}</BackLink>
      <h1 className="mb-2 text-3xl font-bold">
        {t(`${slug}.catalogueTitle`)}
        {current && <span className="block text-xl font-semibold text-stone-700">{current}</span>}
      </h1>
      {categories.length > 1 && (
        <nav aria-label={t("common.filterLabel")} className="mb-4">
          <ul className="flex flex-wrap gap-2">
            {link(`/${slug}/produtos`, t("common.allCategories"), !category && !section)}
            {categories.map((c) => link(`/${slug}/produtos?category=${c.slug}`, c.name, c.slug === category && !section))}
          </ul>
        </nav>
      )}
      <CountryProducts
        slug={slug}
        countryName={name}
        filter={section ? { onlineCategory: section } : { category: category.replace(/[^a-z0-9-]/g, "") }}
      />
    </div>
  );
}
