import { describe, expect, it } from "vitest";

// The legal texts describe what the software does (issue 16): the return
// policy names the withdrawal function and carries the model form of Annex
// I(B) of Directive 2011/83 in both languages, and no text links to the EU
// online dispute resolution platform, which closed on 20 July 2025.

const bundles = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });

function text(path: string): string {
  return JSON.stringify(bundles[path]);
}

describe("legal texts", () => {
  it.each([
    ["es", "Desistir del contrato aquí", "Modelo de formulario de desistimiento", "desisto/desistimos"],
    ["pt", "Desistir do contrato aqui", "Modelo de formulário de livre resolução", "resolvo/resolvemos"],
  ])("the %s return policy names the withdrawal function and includes the model form", (lang, button, form, notice) => {
    const legal = text(`./${lang}/legal.json`);
    expect(legal).toContain(button);
    expect(legal).toContain(form);
    expect(legal).toContain(notice);
  });

  it("links nowhere to the closed EU ODR platform", () => {
    for (const [path, bundle] of Object.entries(bundles)) {
      expect(JSON.stringify(bundle), path).not.toMatch(/ec\.europa\.eu\/consumers\/odr|litigios en línea|litígios em linha/i);
    }
  });
});
