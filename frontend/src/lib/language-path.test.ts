import { describe, expect, it } from "vitest";
import { languageOfPath, pathIn, pathWithoutLanguage } from "@/lib/language-path";

describe("language paths", () => {
  it.each([
    ["/", "es", "/"],
    ["/todos", "es", "/todos"],
    ["/pt", "pt", "/"],
    ["/pt/", "pt", "/"],
    ["/pt/producto/12", "pt", "/producto/12"],
    // A Spanish page whose name starts with "pt" is not Portuguese.
    ["/ptolomeo", "es", "/ptolomeo"],
    ["/admin/orders", undefined, "/admin/orders"],
  ])("%s is %s at %s", (path, language, inside) => {
    expect(languageOfPath(path)).toBe(language);
    expect(pathWithoutLanguage(path)).toBe(inside);
  });

  it("puts a path back under its language", () => {
    expect(pathIn("pt", "/")).toBe("/pt/");
    expect(pathIn("pt", "/cart")).toBe("/pt/cart");
    expect(pathIn("es", "/cart")).toBe("/cart");
  });
});
