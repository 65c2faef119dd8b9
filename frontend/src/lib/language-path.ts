// Each language has its own URLs (issue 36): Spanish at the root, Portuguese
// under /pt. The URL, not the browser's storage, decides a public page's
// language, so shopd can render and cache every page in both languages and a
// shared link opens in the language it was shared in. The back office stays
// at /admin, in the language the shopper last used.
import type { Language } from "@/lib/i18n";

/** languagePrefix is the path every page of language lives under ("" for Spanish). */
export function languagePrefix(language: Language): string {
  return language === "pt" ? "/pt" : "";
}

/** languageOfPath is the language of the page at pathname, or undefined for a page without one (/admin). */
export function languageOfPath(pathname: string): Language | undefined {
  if (pathname === "/pt" || pathname.startsWith("/pt/")) return "pt";
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return undefined;
  return "es";
}

/** pathWithoutLanguage is pathname inside its language ("/pt/todos" → "/todos"). */
export function pathWithoutLanguage(pathname: string): string {
  if (pathname === "/pt") return "/";
  return pathname.startsWith("/pt/") ? pathname.slice(3) : pathname;
}

/** pathIn is path (inside a language, "/todos") as language's page ("/pt/todos"). */
export function pathIn(language: Language, path: string): string {
  const prefix = languagePrefix(language);
  if (!prefix) return path;
  return path === "/" ? `${prefix}/` : prefix + path;
}

/** languageCookie remembers the shopper's choice for shopd's redirect on "/" (server/language.go). */
export const languageCookie = "lang";
