import { useId } from "react";
import { useTranslation } from "react-i18next";
import { languages, rememberLanguage, type Language } from "@/lib/i18n";

/** LanguageSwitch changes the storefront language and remembers the choice. */
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
        className="rounded border border-stone-300 bg-white px-1 py-0.5 text-xs"
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
