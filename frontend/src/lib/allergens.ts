import { Allergen } from "@gen/sabores/v1/food_pb";

// The 14 allergens of Annex II (EU Regulation 1169/2011), by the key their
// texts have in the locales (common: allergens.<key>) and the URL uses
// (?sin=gluten,milk).

/** allergenKeys maps each allergen to its key, in the Annex's order. */
export const allergenKeys: ReadonlyArray<readonly [Allergen, string]> = [
  [Allergen.GLUTEN, "gluten"],
  [Allergen.CRUSTACEANS, "crustaceans"],
  [Allergen.EGGS, "eggs"],
  [Allergen.FISH, "fish"],
  [Allergen.PEANUTS, "peanuts"],
  [Allergen.SOYBEANS, "soybeans"],
  [Allergen.MILK, "milk"],
  [Allergen.NUTS, "nuts"],
  [Allergen.CELERY, "celery"],
  [Allergen.MUSTARD, "mustard"],
  [Allergen.SESAME, "sesame"],
  [Allergen.SULPHITES, "sulphites"],
  [Allergen.LUPIN, "lupin"],
  [Allergen.MOLLUSCS, "molluscs"],
];

/** allergenKey is the locale and URL key of an allergen ("" for none). */
export function allergenKey(a: Allergen): string {
  return allergenKeys.find(([v]) => v === a)?.[1] ?? "";
}

/** allergenParam is the URL parameter of the "without allergens" filter. */
export const allergenParam = "sin";

/** readAllergens parses ?sin=gluten,milk; unknown keys are ignored, order is the Annex's. */
export function readAllergens(sp: URLSearchParams): Allergen[] {
  const keys = new Set((sp.get(allergenParam) ?? "").split(","));
  return allergenKeys.filter(([, k]) => keys.has(k)).map(([a]) => a);
}

/** withAllergens writes the filter to the URL (none removes it) and drops the page. */
export function withAllergens(sp: URLSearchParams, allergens: Allergen[]): URLSearchParams {
  const next = new URLSearchParams(sp);
  const keys = allergenKeys.filter(([a]) => allergens.includes(a)).map(([, k]) => k);
  if (keys.length) next.set(allergenParam, keys.join(","));
  else next.delete(allergenParam);
  next.delete("page");
  return next;
}
