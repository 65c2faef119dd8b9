import { describe, expect, it } from "vitest";
import es from "@/locales/es/admin.json";
import pt from "@/locales/pt/admin.json";
import esCommon from "@/locales/es/common.json";

// Every back-office text the spec quotes appears verbatim in the locale of
// its language (placeholders written the i18next way); the other locale
// carries a translation of it.

function values(bundle: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") out.add(v);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(bundle);
  return out;
}

const portuguese = [
  "Mostrando {{count}} de {{total}}",
  "Erro ao carregar dados",
  "Tentar Novamente",
  "Carregar Mais",
  "Salvar Alterações",
  "Salvando...",
  "Remover deste país",
  "Nenhum produto disponível para adicionar com esse termo.",
  "Editar produto",
  "Personalizado...",
  "Dados inválidos",
  "Insira números válidos para preço e IVA.",
  "Sessão necessária",
  "Faça login para salvar o canal.",
  "Faça login para editar o produto.",
  "Erro",
  "Não foi possível salvar o canal.",
  "Não foi possível atualizar o produto.",
  "Removido",
  "Produto removido deste país.",
  "Salvo",
  "Canal atualizado com sucesso.",
  "Guardado",
  "Produto atualizado com sucesso.",
  "Marcar como Configurado",
  "Entregue",
  // "Em andamento" and "Cancelado" are pt-PT's "Em curso" and "Cancelada" (issue 36).
  "Nenhum produto encontrado",
  // "Nenhum pedido encontrado" is "Nenhuma encomenda encontrada" (issue 36).
];

const spanish = [
  "Error al cargar clientes: {{msg}}",
  "No hay clientes registrados aún",
];

// The back office's pagers are the shared Pagination, whose texts are common.
const spanishPager = ["Página {{page}} de {{total}}"];

describe("admin locales", () => {
  it.each(portuguese)("pt has %j", (text) => {
    expect(values(pt)).toContain(text);
  });
  it.each(spanish)("es has %j", (text) => {
    expect(values(es)).toContain(text);
  });
  it.each(spanishPager)("es pager has %j", (text) => {
    expect(values(esCommon)).toContain(text);
  });

  it("has the same keys in both languages", () => {
    const keys = (v: unknown, prefix = ""): string[] =>
      v && typeof v === "object"
        ? Object.entries(v).flatMap(([k, x]) => keys(x, `${prefix}${k}.`))
        : [prefix.slice(0, -1)];
    expect(keys(es).sort()).toEqual(keys(pt).sort());
  });
});
