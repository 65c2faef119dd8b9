import { describe, expect, it } from "vitest";

// Every storefront text the spec quotes must appear verbatim in the locale
// of its language (placeholders written the i18next way); the other locale
// carries a translation. The back office's texts are checked with its screens.

type Bundle = Record<string, unknown>;
const bundles = import.meta.glob<Bundle>("./*/*.json", { eager: true, import: "default" });

function values(language: "es" | "pt"): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") out.add(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const [path, bundle] of Object.entries(bundles)) if (path.startsWith(`./${language}/`)) walk(bundle);
  return out;
}

const spanish = [
  "Lanzamientos",
  "Ofertas Especiales",
  "Ver todas",
  "Productos más populares",
  "Tu carrito está vacío",
  "Gratis",
  "Finalizar Compra",
  "Continuar Comprando",
  "¡Pedido finalizado con éxito!",
  "Revisión",
  "Entrega",
  "Pago",
  "Confirmación",
  "Inicio",
  "Todos los Productos",
  "Mostrando {{first}}-{{last}} de {{total}} productos",
  "Anterior",
  "Siguiente",
  // "Añadir {{count}} a la cesta" is "al carrito" (issue 36: one word for the cart).
  "Cargando producto...",
  "No se pudo cargar el producto.",
  "Añadido",
  "Configurar",
  "Rechazar opcionales",
  "Aceptar todas",
  "Rechazar Todo",
  "Guardar Preferencias",
  "Aceptar Todo",
  // "¡Suscripción exitosa!" is gone on purpose: with double opt-in nobody is
  // subscribed until they confirm by e-mail (issue 18), so the box says so.
  "Precio a consultar",
  "Error: {{message}}",
  "Error desconocido",
  "Error al iniciar sesión con Google",
  "Belleza",
  "Alimentos",
  "Congelados",
  "Perfumes",
  "Bebidas",
  "Populares",
  "Sabores de Senegal",
  "EXPIRADA",
];

const portuguese = [
  "Nossos Países",
  "Quantidade não disponível",
  "Só temos {{stock}} unidades em estoque. Você já tem {{n}} no carrinho.",
  "Sessão encerrada",
  "Meus Favoritos",
  "Seus favoritos estão vazios",
  "Produtos Típicos do Brasil",
  "Produtos Autênticos do Senegal",
  "Entregue",
  // "Em andamento" and "Cancelado" are pt-PT's "Em curso" and "Cancelada" (issue 36:
  // an order is an "encomenda").
  "Esgotado",
  "Últimas {{count}}",
  "EXPIRADA",
  "Oferta Expirada",
  'Nenhum produto encontrado para "{{query}}"',
  "{{count}} resultado(s) encontrado(s)",
  "Preço sob consulta",
  "Erro ao carregar produtos em promoção",
  "Erro ao carregar produtos lançamento",
  "Erro ao carregar produtos populares",
  "Erro ao carregar dados",
  "Tentar Novamente",
  "Nenhum produto encontrado",
  "Nenhuma promoção ativa no momento",
  // "Nenhum pedido encontrado" is "Nenhuma encomenda encontrada" (issue 36).
  "Nenhum favorito ainda",
  "Erro ao fazer login com Google",
  "Admin",
  "Cliente",
];

describe("spec texts", () => {
  const es = values("es");
  const pt = values("pt");
  it.each(spanish)("es has %s", (text) => {
    expect(es.has(text)).toBe(true);
  });
  it.each(portuguese)("pt has %s", (text) => {
    expect(pt.has(text)).toBe(true);
  });
});

describe("locales", () => {
  const keys = (language: string) => {
    const out: string[] = [];
    const walk = (v: unknown, prefix: string) => {
      if (v && typeof v === "object") for (const [k, c] of Object.entries(v)) walk(c, `${prefix}.${k}`);
      else out.push(prefix);
    };
    for (const [path, bundle] of Object.entries(bundles)) {
      const [, lang, ns] = path.match(/^\.\/(\w+)\/(.+)\.json$/) ?? [];
      if (lang === language && ns !== "admin") walk(bundle, ns);
    }
    return out.sort();
  };
  it("Spanish and Portuguese have the same keys", () => {
    expect(keys("pt")).toEqual(keys("es"));
  });
});
