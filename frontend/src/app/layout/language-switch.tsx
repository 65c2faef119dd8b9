import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { chooseLanguage, languages, rememberLanguage, type Language } from "@/lib/i18n";
import { languageOfPath, pathIn } from "@/lib/language-path";

/**
 * LanguageSwitch changes the storefront language and remembers the choice.
 * On a public page it loads the same page in the other language (its own
 * URL, rendered by shopd in that language: issue 36); the back office,
 * whose URLs have no language, switches in place.
 * Its width is fixed: sized by its options, headless Chromium sometimes laid
 * the server's HTML out 13 px narrower than the hydrated page (the
 * first-paint test's screenshots), a shift on the first screen.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Inside the router's basename: the page's path without its language.
  const { pathname, search, hash } = useLocation();
  const choose = (language: Language) => {
    if (!languageOfPath(window.location.pathname)) {
      void rememberLanguage(i18n, language);
      return;
    }
    chooseLanguage(language);
    window.location.assign(pathIn(language, pathname) + search + hash);
  };
  return (
    <div className="flex items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => choose(e.target.value as Language)}
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
