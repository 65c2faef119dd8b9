import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { readString, writeString } from "@/lib/storage";

/** Language is a storefront language. */
export type Language = "es" | "pt";

/** languages lists the storefront languages, default first. */
export const languages: readonly Language[] = ["es", "pt"];

const storageKey = "language";

// Each namespace is its own JSON chunk, fetched the first time a screen needs
// it, so the home page does not download the legal texts.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

const lazyBundles: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`i18n: no ${language}/${namespace} bundle`), null);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

/**
 * preloadTexts starts downloading the bundles of namespaces in language
 * ahead of i18next asking for them (it then gets the same modules).
 */
export function preloadTexts(language: Language, namespaces: string[]) {
  for (const ns of namespaces) bundles[`../locales/${language}/${ns}.json`]?.().catch(() => {});
}

/** storedLanguage is the language the shopper picked before, else Spanish. */
export function storedLanguage(): Language {
  const value = readString(localStorage, storageKey);
  return value === "pt" ? "pt" : "es";
}

/** initI18n starts i18next in the remembered language. */
export function initI18n(language: Language = storedLanguage()) {
  const instance = i18next.createInstance();
  instance.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
  });
  void instance
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: "es",
      supportedLngs: languages,
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return instance;
}

/** rememberLanguage switches the language and keeps the choice. */
export async function rememberLanguage(instance: typeof i18next, language: Language) {
  writeString(localStorage, storageKey, language);
  await instance.changeLanguage(language);
}
