// The country products screen is reached as /admin/products/{slug}: the
// by-country screen links the country's slug (accent-free, "peru"), and
// older links built from the display name ("perú", "república-dominicana")
// still arrive. These functions turn a segment into the API's country slug,
// and into a title until the server's name for the country has come.

function stripAccents(s: string): string {
  return s.normalize("NFD").replace(/\p{Diacritic}/gu, "");
}

/**
 * countryNameFromSegment is the title of the country products screen: dashes
 * become spaces and every word is capitalised; any accented spelling of
 * Colombia (Colômbia, Colómbia) is normalised to Colombia.
 */
export function countryNameFromSegment(segment: string): string {
  let raw = segment;
  try {
    raw = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed.
  }
  const name = raw
    .replace(/[-_]+/g, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase("es") + w.slice(1).toLocaleLowerCase("es"))
    .join(" ");
  return stripAccents(name).toLowerCase() === "colombia" ? "Colombia" : name;
}

// Other spellings the shop has used for a country, keyed by their accent-free
// slug; the database keeps the same list in countries.aliases.
const aliasSlugs: Record<string, string> = {
  "rep-dominicana": "republica-dominicana",
  "rep.-dominicana": "republica-dominicana",
  "dominican-republic": "republica-dominicana",
  "cape-verde": "cabo-verde",
  brazil: "brasil",
  uruguay: "uruguai",
};

/** apiCountrySlug maps a URL segment or a display name to the API's country slug. */
export function apiCountrySlug(segmentOrName: string): string {
  let raw = segmentOrName;
  try {
    raw = decodeURIComponent(segmentOrName);
  } catch {
    // Keep it as typed.
  }
  const lowered = stripAccents(raw).toLowerCase().trim();
  const dotted = lowered.replace(/\s+/g, "-");
  if (aliasSlugs[dotted]) return aliasSlugs[dotted];
  const slug = lowered
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return aliasSlugs[slug] ?? slug;
}
