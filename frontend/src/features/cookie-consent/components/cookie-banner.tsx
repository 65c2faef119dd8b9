import { useTranslation } from "react-i18next";
import { useHref } from "react-router";
import { useConsent } from "@/features/cookie-consent/consent-provider";

/**
 * CookieBanner asks for consent until the shopper decides; X hides it for this visit.
 * visible overrides the consent state while the app hydrates a page whose HTML has the banner.
 */
export function CookieBanner({ visible }: { visible?: boolean }) {
  const { t } = useTranslation();
  const { bannerVisible, acceptAll, rejectOptional, openSettings, closeBanner } = useConsent();
  const policy = useHref("/cookie-policy");
  if (!(visible ?? bannerVisible)) return null;
  return (
    <section
      data-consent-banner=""
      aria-label={t("consent.bannerLabel")}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-stone-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center">
        <div className="flex-1 text-sm text-stone-700">
          <h2 className="mb-1 text-base font-semibold text-stone-900">{t("consent.bannerTitle")}</h2>
          <p>
            {t("consent.bannerText")}{" "}
            <a href={policy} target="_blank" rel="noopener noreferrer" className="link">
              {t("consent.policyLink")}
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-outline" onClick={openSettings}>
            {t("consent.configure")}
          </button>
          <button type="button" className="btn btn-outline" onClick={rejectOptional}>
            {t("consent.rejectOptional")}
          </button>
          <button type="button" className="btn btn-primary" onClick={acceptAll}>
            {t("consent.acceptAll")}
          </button>
        </div>
        <button
          type="button"
          onClick={closeBanner}
          aria-label={t("consent.close")}
          className="absolute right-2 top-2 rounded p-1 text-xl leading-none text-stone-500 hover:text-stone-900 md:static"
        >
          ×
        </button>
      </div>
    </section>
  );
}
