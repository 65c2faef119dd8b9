import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { languageCookie, languageOfPath } from "@/lib/language-path";
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

/** storedLanguage is the language the shopper used last, else Spanish. */
export function storedLanguage(): Language {
  const value = readString(localStorage, storageKey);
  return value === "pt" ? "pt" : "es";
}

/**
 * pageLanguage is the language of the page at pathname: its URL's, or for
 * the back office (which has no language in its URLs) the one the shopper
 * used last.
 */
export function pageLanguage(pathname: string): Language {
  return languageOfPath(pathname) ?? storedLanguage();
}

/** keepLanguage remembers the language of the page seen last: the back office follows it. */
export function keepLanguage(language: Language) {
  writeString(localStorage, storageKey, language);
}

/**
 * chooseLanguage keeps the shopper's choice of language, also for shopd's
 * redirect on "/" (server/language.go), which reads the cookie: a language
 * asked for is strictly necessary for the service, so it needs no consent.
 */
export function chooseLanguage(language: Language) {
  keepLanguage(language);
  try {
    document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // A document without cookies still shows the page.
  }
}

/** initI18n starts i18next in the page's language. */
export function initI18n(language: Language = pageLanguage(window.location.pathname)) {
  const instance = i18next.createInstance();
  instance.on("languageChanged", (lng) => {
    // Setting the attribute, even to the value it has, makes the browser
    // restyle the whole page (a phone's 25 ms on the home page's 500
    // elements), and a page arrives in its language already.
    if (document.documentElement.lang !== lng) document.documentElement.lang = lng;
  });
  void instance
    .use(lazyBundles)
    .use(initReactI18next)
    .init({
      lng: language,
      // No fallback: Spanish and Portuguese have the same keys (a test in
      // locales/ holds them to it), and with Spanish as the fallback every
      // Portuguese page downloaded, parsed and merged the Spanish texts of
      // its namespaces too, work a phone's main thread did before the page
      // was interactive (issue 36).
      fallbackLng: false,
      supportedLngs: languages,
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return instance;
}

/** rememberLanguage switches the language in place and keeps the choice (the back office). */
export async function rememberLanguage(instance: typeof i18next, language: Language) {
  chooseLanguage(language);
  await instance.changeLanguage(language);
}
