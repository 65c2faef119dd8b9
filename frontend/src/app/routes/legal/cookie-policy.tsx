import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import { Seo } from "@/components/seo/seo";
import { useConsent } from "@/features/cookie-consent/consent-provider";
import { LegalSections, type LegalSection } from "@/features/legal/components/legal-sections";
import { useShopValues } from "@/features/legal/shop-values";

const types = ["technical", "analytics", "marketing", "personalization"] as const;

/** CookiePolicyRoute is /cookie-policy, with each category's current state. */
export default function CookiePolicyRoute() {
  const { t } = useTranslation("legal");
  const shopValues = useShopValues();
  const { preferences, openSettings } = useConsent();
  const sections = t("cookies.sections", { returnObjects: true, ...shopValues }) as LegalSection[];
  return (
    <article className="container-page max-w-3xl py-6">
      <Seo title={t("cookies.metaTitle")} description={t("cookies.intro")} />
      <BackLink to="/">{t("backHome", { ns: "common" })}</BackLink>
      <h1 className="text-3xl font-bold">{t("cookies.title")}</h1>
      <p className="my-6 text-stone-800">{t("cookies.intro")}</p>
      <h2 className="text-xl font-bold">{t("cookies.typesTitle")}</h2>
      <ul className="mt-4 space-y-4">
        {types.map((type) => {
          const on = preferences[type];
          return (
            <li key={type} className="card p-4">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">{t(`cookies.types.${type}.title`)}</h3>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-bold ${on ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}
                >
                  {on ? t("cookies.on") : t("cookies.off")}
                </span>
              </div>
              <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium">{t("cookies.purpose")}</dt>
                <dd>{t(`cookies.types.${type}.purpose`)}</dd>
                <dt className="font-medium">{t("cookies.legalBasis")}</dt>
                <dd>{t(`cookies.types.${type}.basis`)}</dd>
                <dt className="font-medium">{t("cookies.duration")}</dt>
                <dd>{t(`cookies.types.${type}.duration`)}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
      <button type="button" className="btn btn-primary my-8" onClick={openSettings}>
        {t("cookies.openSettings")}
      </button>
      <LegalSections sections={sections} numbered={false} />
    </article>
  );
}
