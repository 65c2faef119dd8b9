import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { Seo } from "@/components/seo/seo";
import { CountryHero, useCountryName } from "@/features/catalog/components/country-hero";
import { PagedProducts } from "@/features/catalog/components/paged-products";
import { readPage } from "@/lib/paging";

const pageSize = 20;

/** ColombiaRoute is /colombia: hero and the products paged by 20. */
export default function ColombiaRoute() {
  const { t } = useTranslation("countries");
  const { name, of: ofCountry } = useCountryName("colombia");
  const [sp] = useSearchParams();
  const page = readPage(sp);
  return (
    <>
      <Seo title={t("common.metaTitle", { of: ofCountry })} description={t("colombia.subtitle")} />
      <CountryHero
        slug="colombia"
        title={t("common.heroTitle", { of: ofCountry })}
        subtitle={t("colombia.subtitle")}
        className="from-yellow-500 via-blue-700 to-red-600"
      />
      <section aria-labelledby="products-title" className="container-page py-8">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          <h2 id="products-title" className="text-2xl font-bold">
            {t("common.productsTitle", { of: ofCountry })}
          </h2>
          <Link to="/colombia/produtos" className="link">
            {t("common.seeAll")}
          </Link>
        </div>
        <PagedProducts
          filter={{ country: "colombia", page, pageSize }}
          pageSize={pageSize}
          skeletons={pageSize}
          empty={t("common.noneText", { country: name })}
          pagerWindow={false}
          logAs="colombia"
        />
      </section>
    </>
  );
}
