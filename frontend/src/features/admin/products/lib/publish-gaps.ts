import { ProductPublishGap } from "@gen/sabores/v1/admin_types_pb";

/** gapKeys are the text keys (admin.json, publish.gaps) of what a product lacks before publishing. */
const gapKeys: Record<string, string> = {
  [ProductPublishGap.INGREDIENTS]: "INGREDIENTS",
  [ProductPublishGap.ALLERGENS]: "ALLERGENS",
  [ProductPublishGap.NET_QUANTITY]: "NET_QUANTITY",
  [ProductPublishGap.FOOD_OPERATOR]: "FOOD_OPERATOR",
  [ProductPublishGap.UNIT_PRICE_BASIS]: "UNIT_PRICE_BASIS",
  [ProductPublishGap.MANUFACTURER]: "MANUFACTURER",
  [ProductPublishGap.EU_RESPONSIBLE_PERSON]: "EU_RESPONSIBLE_PERSON",
};

/** gapKey is a gap's text key, from the product's list (an enum) or a refusal's metadata (its name). */
export function gapKey(gap: ProductPublishGap | string): string | undefined {
  return typeof gap === "string" ? Object.values(gapKeys).find((k) => k === gap) : gapKeys[gap];
}

/** missingOf reads the gaps a PRODUCT_INCOMPLETE refusal names ("INGREDIENTS,NET_QUANTITY"). */
export function missingOf(metadata: string | undefined): string[] {
  return (metadata ?? "")
    .split(",")
    .map((g) => gapKey(g.trim()))
    .filter((k): k is string => k !== undefined);
}
