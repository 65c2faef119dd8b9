import { describe, expect, it } from "vitest";
import { Allergen } from "@gen/sabores/v1/food_pb";
import { readAllergens, withAllergens } from "@/lib/allergens";

describe("allergen filter in the URL", () => {
  it("reads known keys in the Annex's order and ignores the rest", () => {
    expect(readAllergens(new URLSearchParams("sin=milk,bogus,gluten"))).toEqual([Allergen.GLUTEN, Allergen.MILK]);
    expect(readAllergens(new URLSearchParams(""))).toEqual([]);
  });

  it("writes the filter, drops the page and removes an empty filter", () => {
    const sp = new URLSearchParams("category=bebidas&page=3");
    const next = withAllergens(sp, [Allergen.MILK, Allergen.GLUTEN]);
    expect(next.toString()).toBe("category=bebidas&sin=gluten%2Cmilk");
    expect(withAllergens(next, []).toString()).toBe("category=bebidas");
  });
});
