import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { useProducts } from "@/features/catalog/api/catalog";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";
import { ProductGrid } from "@/features/catalog/components/product-grid";
import { useListError } from "@/hooks/use-list-error";

/** CaboVerdeRoute is /cabo-verde: intro blocks and two sections of five products. */
export default function CaboVerdeRoute() {
  const { t } = useTranslation("countries");
  const { name, of: ofCountry } = useCountryName("cabo-verde");
  const q = useProducts({ country: "cabo-verde", page: 1, pageSize: 10 });
  const error = useListError(q.error);
  if (q.isError) console.error("cabo-verde: load failed", q.error);
  const products = q.data?.products;
  const sections = [
    { key: "first", items: products?.slice(0, 5) },
    { key: "second", items: products?.slice(5, 10) },
  ];
  return (
    <>
      <Seo title={t("common.metaTitle", { of: ofCountry })} description={t("cabo-verde.subtitle")} />
      <CountryHero
        slug="cabo-verde"
        title={t("common.heroTitle", { of: ofCountry })}
        subtitle={t("cabo-verde.subtitle")}
        className="from-blue-800 via-blue-700 to-red-600"
      />
      <div className="container-page space-y-10 py-8">
        <div className="grid gap-4 md:grid-cols-2">
          {(["intro1", "intro2"] as const).map((k) => (
            <section key={k} className="card p-5">
              <h2 className="text-lg font-bold">{t(`cabo-verde.${k}.title`)}</h2>
              <p className="mt-1 text-stone-700">{t(`cabo-verde.${k}.text`)}</p>
            </section>
          ))}
        </div>
        {sections
          // The second section appears only when there are more than five products.
          .filter((s) => s.key === "first" || q.isPending || (s.items?.length ?? 0) > 0)
          .map((s) => (
            <section key={s.key} aria-labelledby={`cv-${s.key}`}>
              <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
                <h2 id={`cv-${s.key}`} className="text-2xl font-bold">
                  {t(`cabo-verde.sections.${s.key}`)}
                </h2>
                <Link to="/cabo-verde/produtos" className="link">
                  {t("common.seeAll")}
                </Link>
              </div>
              <ProductGrid
                products={s.items}
                isPending={q.isPending}
                error={error}
                skeletons={5}
                empty={t("common.noneText", { country: name })}
              />
            </section>
          ))}
      </div>
    </>
  );
}
