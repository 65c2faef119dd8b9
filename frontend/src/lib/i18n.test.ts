import { describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";

describe("initI18n", () => {
  // Issue 36: a Portuguese page's main thread had the Spanish texts of its
  // namespaces to download, parse and merge as well, as the fallback.
  it("loads a Portuguese page's texts without the Spanish ones", async () => {
    const i18n = initI18n("pt");
    // i18next starts in a task of its own, with its default namespace.
    await new Promise((resolve) => i18n.on("initialized", resolve));
    await i18n.loadNamespaces("catalog");
    expect(i18n.t("catalog:breadcrumb")).toBe("Caminho de navegação");
    expect(i18n.hasResourceBundle("pt", "catalog")).toBe(true);
    expect(i18n.hasResourceBundle("es", "common")).toBe(false);
    expect(i18n.hasResourceBundle("es", "catalog")).toBe(false);
  });
});
