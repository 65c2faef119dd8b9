import { describe, expect, it } from "vitest";
import { UnitPriceBasis } from "@gen/sabores/v1/food_pb";
import { basisKeys } from "@/features/catalog/components/unit-price";

describe("basisKeys", () => {
  it("names the generated enum's values", () => {
    expect(basisKeys).toEqual({ [UnitPriceBasis.KG]: "kg", [UnitPriceBasis.L]: "l", [UnitPriceBasis.UNIT]: "unit" });
  });
});
