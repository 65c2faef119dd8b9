import { useId } from "react";
import { useTranslation } from "react-i18next";
import { languages, rememberLanguage, type Language } from "@/lib/i18n";

/**
 * LanguageSwitch changes the storefront language and remembers the choice.
 * Its width is fixed: sized by its options, headless Chromium sometimes laid
 * the server's HTML out 13 px narrower than the hydrated page (the
 * first-paint test's screenshots), a shift on the first screen.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void rememberLanguage(i18n, e.target.value as Language)}
        className="w-24 rounded border border-stone-300 bg-white px-1 py-0.5 text-xs"
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
