import { describe, expect, it } from "vitest";
import { categoryPages, countryPages, genericCountries } from "@/app/entry-pages";
import { countryItems, navItems } from "@/app/layout/nav-items";
import es from "@/locales/es/common.json";
import pt from "@/locales/pt/common.json";

// The menu reaches every category and every country page, in words in
// both languages (Doces and Congelados had pages but no link).
describe("navigation", () => {
  it("links every category page", () => {
    for (const c of categoryPages) expect(navItems.map((i) => i.to)).toContain(`/${c}`);
  });

  it("links every country page", () => {
    const countries = [...Object.keys(countryPages), ...genericCountries];
    expect(countryItems.map((i) => i.to).sort()).toEqual(countries.map((c) => `/${c}`).sort());
  });

  it.each([
    ["es", es],
    ["pt", pt],
  ])("names every entry in %s", (_, texts) => {
    const nav: Record<string, string> = texts.nav;
    for (const item of [...navItems, ...countryItems]) {
      const [ns, key] = item.label.split(".");
      expect(ns).toBe("nav");
      expect(nav[key], item.label).toBeTruthy();
    }
  });
});
