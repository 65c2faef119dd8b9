import { describe, expect, it } from "vitest";

// The legal texts describe what the software does (issue 16): the return
// policy names the withdrawal function and carries the model form of Annex
// I(B) of Directive 2011/83 in both languages, and no text links to the EU
// online dispute resolution platform, which closed on 20 July 2025.

const bundles = import.meta.glob<Record<string, unknown>>("./*/*.json", { eager: true, import: "default" });
// The pages' own source, in case a link were written there and not in a text.
const pages = import.meta.glob<string>(["../app/**/*.tsx", "../features/**/*.tsx", "!**/*.test.tsx"], {
  eager: true,
  query: "?raw",
  import: "default",
});

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

  it.each([
    ["es", ["Desde «Mi cuenta»", "JSON", "eliminar tu cuenta", "todas tus sesiones", "sexto año", "versión de la política de cookies", "18 años", "factura completa: el NIF, NIE o CIF"]],
    ["pt", ["Em «Minha conta»", "JSON", "eliminar a sua conta", "todas as suas sessões", "sexto ano", "versão da política de cookies", "18 anos", "fatura completa: o NIF, NIE ou CIF"]],
  ])("the %s privacy policy names what the software keeps and lets the shopper do", (lang, phrases) => {
    const privacy = JSON.stringify((bundles[`./${lang}/legal.json`] as { privacy: unknown }).privacy);
    for (const phrase of phrases) expect(privacy).toContain(phrase);
  });

  it("links nowhere to the closed EU ODR platform", () => {
    for (const [path, bundle] of Object.entries(bundles)) {
      expect(JSON.stringify(bundle), path).not.toMatch(/ec\.europa\.eu\/consumers\/odr|litigios en línea|litígios em linha/i);
    }
    expect(Object.keys(pages).length).toBeGreaterThan(50);
    for (const [path, source] of Object.entries(pages)) {
      expect(source, path).not.toMatch(/ec\.europa\.eu\/consumers\/odr|\bODR\b/);
    }
  });
});
