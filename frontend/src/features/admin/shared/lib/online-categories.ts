/** onlineCategories are the storefront sections a product can be listed in, in the spec's order. */
export const onlineCategories = ["bebidas", "alimentos", "belleza", "perfumes", "lanzamientos", "populares"] as const;

/** OnlineCategory is a known online category. */
export type OnlineCategory = (typeof onlineCategories)[number];

/** isOnlineCategory says whether a stored value is one of the known online categories. */
export function isOnlineCategory(value: string): value is OnlineCategory {
  return (onlineCategories as readonly string[]).includes(value);
}
