import { formatDate } from "@/lib/format-date";
import { useTranslation } from "react-i18next";
import { useNow } from "@/hooks/use-now";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { LegalSections, type LegalSection } from "@/features/legal/components/legal-sections";
import { useShopValues } from "@/features/legal/shop-values";

/**
 * PrivacyPolicyRoute is /privacy-policy: ten sections, updated today. Today is
 * the shop's day in Burela, not the server's or the reader's (their zones
 * differ around midnight), and while the server's HTML hydrates it is the day
 * the page was rendered, so hydrating a page rendered before midnight matches.
 */
export default function PrivacyPolicyRoute() {
  const { t, i18n } = useTranslation("legal");
  const shopValues = useShopValues();
  const now = useNow(60_000);
  const today = formatDate(new Date(now), i18n.language, { dateStyle: "long", timeZone: "Europe/Madrid" });
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
