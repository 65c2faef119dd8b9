import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { LegalSections, type LegalSection } from "@/features/legal/components/legal-sections";
import { useShopValues } from "@/features/legal/shop-values";

/** ReturnPolicyRoute is /return-policy. */
export default function ReturnPolicyRoute() {
  const { t } = useTranslation("legal");
  const shopValues = useShopValues();
  const sections = t("returns.sections", { returnObjects: true, ...shopValues }) as LegalSection[];
  return (
    <article className="container-page max-w-3xl py-6">
      <Seo title={t("returns.metaTitle")} description={t("returns.intro")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t("returns.title")}</h1>
      <p className="mt-6 text-stone-800">{t("returns.intro")}</p>
      <p className="my-6 font-medium text-stone-900">{t("returns.exclusions")}</p>
      <p className="mb-8">
        <Link to="/orders" className="btn btn-primary">
          {t("returns.withdrawButton")}
        </Link>
      </p>
      <LegalSections sections={sections} />
    </article>
  );
}
