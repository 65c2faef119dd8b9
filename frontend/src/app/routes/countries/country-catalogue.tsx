import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { useCountryName } from "@/features/catalog/components/country-hero";
import { CountryProducts } from "@/features/catalog/components/country-products";

/** CountryCatalogueRoute is /brasil/produtos, /colombia/produtos and /cabo-verde/produtos. */
export default function CountryCatalogueRoute({ slug }: { slug: string }) {
  const { t } = useTranslation("countries");
  const name = useCountryName(slug);
  return (
    <div className="container-page py-6">
      <Seo title={t("common.catalogueMetaTitle", { country: name })} />
      <BackLink to={`/${slug}`}>{t("common.backTo", { country: name })}</BackLink>
      <h1 className="mb-2 text-3xl font-bold">{t(`${slug}.catalogueTitle`)}</h1>
      <CountryProducts slug={slug} countryName={name} />
    </div>
  );
}
