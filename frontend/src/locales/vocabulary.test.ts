import { describe, expect, it } from "vitest";

// One word per thing in each language (issue 36): European Portuguese says
// "encomenda" and "carrinho", Spanish "pedido" and "carrito". The other
// language's word, or Brazil's, in a text makes the shop read as two shops.

type Bundle = Record<string, unknown>;
const bundles = import.meta.glob<Bundle>("./*/*.json", { eager: true, import: "default" });

function texts(language: "es" | "pt"): [string, string][] {
  const out: [string, string][] = [];
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") out.push([key, v]);
    else if (v && typeof v === "object") for (const [k, c] of Object.entries(v)) walk(c, key ? `${key}.${k}` : k);
  };
  for (const [path, bundle] of Object.entries(bundles)) {
    if (path.startsWith(`./${language}/`)) walk(bundle, path.slice(5, -5));
  }
  return out;
}

const forbidden: Record<"es" | "pt", { word: RegExp; say: string }[]> = {
  pt: [
    { word: /\b[Pp]edidos?\b/, say: "encomenda" },
    { word: /\bcesto\b/i, say: "carrinho" },
    { word: /\bem andamento\b/i, say: "em curso" },
  ],
  es: [
    { word: /\bcesta\b/i, say: "carrito" },
    { word: /\b(encomenda|carrinho)\b/i, say: "pedido, carrito" },
  ],
};

describe.each(["es", "pt"] as const)("%s vocabulary", (language) => {
  it("uses one word for orders and the cart", () => {
    const wrong: string[] = [];
    for (const [key, text] of texts(language)) {
      for (const { word, say } of forbidden[language]) {
        if (!word.test(text)) continue;
        // "pedido" as the participle or as "a request", not an order.
        if (language === "pt" && /\b(seu pedido|serviço pedido|foi pedido)\b/.test(text)) continue;
        wrong.push(`${key}: "${text}" (say ${say})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
