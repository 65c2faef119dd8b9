import { describe, expect, it } from "vitest";
import { ProductPublishGap } from "@gen/sabores/v1/admin_types_pb";
import { gapKey, missingOf } from "@/features/admin/products/lib/publish-gaps";

describe("publish gaps", () => {
  it("names the product list's gaps and a refusal's alike", () => {
    expect(gapKey(ProductPublishGap.NET_QUANTITY)).toBe("NET_QUANTITY");
    expect(missingOf("INGREDIENTS, FOOD_OPERATOR")).toEqual(["INGREDIENTS", "FOOD_OPERATOR"]);
  });
  it("drops what it does not know", () => {
    expect(missingOf("SOMETHING_NEW,ALLERGENS")).toEqual(["ALLERGENS"]);
    expect(missingOf(undefined)).toEqual([]);
  });
});
