import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { CountryHero, Highlights, useCountryName } from "@/features/catalog/components/country-hero";
import { CountryProducts } from "@/features/catalog/components/country-products";

/**
 * GenericCountryRoute serves Angola, Peru, Argentina, the Dominican Republic,
 * Venezuela, Uruguay and Cuba: back button, hero, three highlights, products.
 */
export default function GenericCountryRoute({ slug }: { slug: string }) {
  const { t } = useTranslation("countries");
  const { name, of: ofCountry } = useCountryName(slug);
  return (
    <>
      <Seo title={t("common.metaTitle", { of: ofCountry })} description={t(`${slug}.subtitle`)} />
      <CountryHero slug={slug} title={t("common.heroTitle", { of: ofCountry })} subtitle={t(`${slug}.subtitle`)}>
        <div className="text-white [&_a]:text-white [&_a:hover]:bg-white/10">
          <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
        </div>
      </CountryHero>
      <div className="container-page space-y-8 py-8">
        <Highlights slug={slug} items={["one", "two", "three"]} />
        <section aria-labelledby="products-title">
          <h2 id="products-title" className="mb-2 text-2xl font-bold">
            {t("common.productsTitle", { of: ofCountry })}
          </h2>
          <CountryProducts slug={slug} countryName={name} />
        </section>
      </div>
    </>
  );
}
