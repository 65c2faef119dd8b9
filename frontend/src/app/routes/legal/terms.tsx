import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { LegalSections, type LegalSection } from "@/features/legal/components/legal-sections";
import { useShopValues } from "@/features/legal/shop-values";

/**
 * TermsRoute is /terms, the general conditions of sale: who sells, prices
 * with VAT, ordering, payment, delivery, withdrawal with its exceptions,
 * guarantee, complaints and the law. The checkout and the order e-mails
 * link here; the seller's identity comes from the shop's settings.
 */
export default function TermsRoute() {
  const { t } = useTranslation("legal");
  const shopValues = useShopValues();
  const sections = t("terms.sections", { returnObjects: true, ...shopValues }) as LegalSection[];
  return (
    <article className="container-page max-w-3xl py-6">
      <Seo title={t("terms.metaTitle")} description={t("terms.intro")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t("terms.title")}</h1>
      <p className="my-6 text-stone-800">{t("terms.intro")}</p>
      <LegalSections sections={sections} />
      <p className="mt-8">
        <Link to="/return-policy" className="font-semibold text-brand-700 underline">
          {t("returns.title")}
        </Link>
        {" · "}
        <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
          {t("privacy.title")}
        </Link>
      </p>
    </article>
  );
}
