import { describe, expect, it } from "vitest";
import { QuantityUnit } from "@gen/sabores/v1/food_pb";
import { milligramsText, parseMilligrams, parseQuantity, quantityText } from "@/features/admin/products/lib/content-values";

describe("food information values", () => {
  it.each([
    ["2,5", 2500],
    ["0.01", 10],
    ["100", 100_000],
    ["100,01", null],
    ["-1", null],
    ["x", null],
  ])("reads %s g as %s mg", (input, want) => expect(parseMilligrams(input)).toBe(want));

  it("writes milligrams back as grams", () => {
    expect(milligramsText(2500)).toBe("2.5");
    expect(milligramsText(10)).toBe("0.01");
  });

  it.each([
    ["1,5", QuantityUnit.L, 1500],
    ["1", QuantityUnit.KG, 1000],
    ["350", QuantityUnit.ML, 350],
    ["12", QuantityUnit.UNITS, 12],
    ["1,5", QuantityUnit.G, null],
    ["0", QuantityUnit.G, null],
  ])("reads %s in unit %s as %s", (input, unit, want) => expect(parseQuantity(input, unit)).toBe(want));

  it("writes quantities in their unit", () => {
    expect(quantityText(1500, QuantityUnit.L)).toBe("1.5");
    expect(quantityText(400, QuantityUnit.G)).toBe("400");
  });
});
