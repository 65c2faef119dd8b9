// Links and pictures configured in the back office are drawn on every
// visitor's home page. The contract refuses values that leave the site, but
// rows saved before it did, or written straight to the database, are checked
// again where they are rendered.

/**
 * sitePath is href when it is a path on this site, else fallback. Browsers
 * read "//host" and "/\host" as another site, so a path must start with one
 * slash followed by neither.
 */
export function sitePath(href: string, fallback: string): string {
  return /^\/(?![/\\])[^\\\s]*$/.test(href) ? href : fallback;
}

/** tileImage is src when it is a path on this site or an https URL, else "" (no picture). */
export function tileImage(src: string): string {
  if (sitePath(src, "") !== "") return src;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && !/[\\\s]/.test(src) ? src : "";
  } catch {
    return "";
  }
}
