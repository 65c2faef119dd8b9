import { useHref } from "react-router";

/**
 * useSiteURL gives the absolute address of a page of the current language
 * ("/producto/3" → "https://…/pt/producto/3" on a Portuguese page), for
 * structured data that names pages.
 */
export function useSiteURL(): (path: string) => string {
  const base = useHref("/").replace(/\/$/, "");
  return (path) => window.location.origin + base + path;
}
