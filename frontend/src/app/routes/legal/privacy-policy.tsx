import { formatDate } from "@/lib/format-date";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { LegalSections, type LegalSection } from "@/features/legal/components/legal-sections";
import { useShopValues } from "@/features/legal/shop-values";

/** PrivacyPolicyRoute is /privacy-policy: ten sections, updated today. */
export default function PrivacyPolicyRoute() {
  const { t, i18n } = useTranslation("legal");
  const shopValues = useShopValues();
  const today = formatDate(new Date(), i18n.language, { dateStyle: "long" });
  const sections = t("privacy.sections", { returnObjects: true, ...shopValues }) as LegalSection[];
  return (
    <article className="container-page max-w-3xl py-6">
      <Seo title={t("privacy.metaTitle")} description={t("privacy.intro", shopValues)} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t("privacy.title")}</h1>
      <p className="mt-1 text-sm text-stone-600">{t("lastUpdated", { date: today })}</p>
      <p className="my-6 text-stone-800">{t("privacy.intro", shopValues)}</p>
      <LegalSections sections={sections} />
    </article>
  );
}
