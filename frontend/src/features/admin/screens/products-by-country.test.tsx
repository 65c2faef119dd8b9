import { create } from "@bufbuild/protobuf";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminProductService, type ListAdminProductsRequest } from "@gen/sabores/v1/admin_product_service_pb";
import { AdminProductSchema, ProductVisibilitySchema } from "@gen/sabores/v1/admin_types_pb";
import { AdminVisibilityService, type BatchSetVisibilityRequest, VisibilityOutcome } from "@gen/sabores/v1/admin_visibility_service_pb";
import { CountrySchema, SalesChannel } from "@gen/sabores/v1/types_pb";

const countries = [
  create(CountrySchema, { slug: "brasil", name: "Brasil", flagEmoji: "🇧🇷" }),
  create(CountrySchema, { slug: "republica-dominicana", name: "República Dominicana", flagEmoji: "🇩🇴" }),
  create(CountrySchema, { slug: "peru", name: "Perú", namePt: "Peru", flagEmoji: "🇵🇪" }),
];

function products(from: number, count: number) {
  return Array.from({ length: count }, (_, i) =>
    create(AdminProductSchema, {
      id: BigInt(from + i),
      name: `Produto ${String(from + i).padStart(4, "0")}`,
      code: `C${from + i}`,
      sku: `S${from + i}`,
      visibility:
        i === 0 ? [create(ProductVisibilitySchema, { country: "brasil", visible: true, channel: SalesChannel.ONLINE })] : [],
    }),
  );
}

function server(total = 150) {
  const calls = { list: [] as ListAdminProductsRequest[], batch: [] as BatchSetVisibilityRequest[] };
  const routes = (router: Parameters<Parameters<typeof renderAdmin>[1]>[0]) => {
    router.service(AdminProductService, { listAdminProducts: (req) => {
        calls.list.push(req);
        const page = req.page || 1;
        const start = (page - 1) * 100;
        const n = Math.max(0, Math.min(100, total - start));
        return { products: products(1001 + start, n), totalSize: total };
      } });
    router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries }), batchSetVisibility: (req) => {
        calls.batch.push(req);
        return { outcomes: req.changes.map(() => VisibilityOutcome.UPDATED) };
      } });
  };
  return { calls, routes };
}

describe("products by country screen", () => {
  it("links each country card to /admin/products/{slug}, accent-free, named in Portuguese", async () => {
    const s = server();
    renderAdmin("/admin/products-by-country", s.routes);
    expect(await screen.findByRole("link", { name: /Brasil/ })).toHaveAttribute("href", "/admin/products/brasil");
    expect(screen.getByRole("link", { name: /República Dominicana/ })).toHaveAttribute(
      "href",
      "/admin/products/republica-dominicana",
    );
    expect(screen.getByRole("link", { name: "Peru" })).toHaveAttribute("href", "/admin/products/peru");
    expect(screen.queryByText("Perú")).not.toBeInTheDocument();
  });

  it("loads 100 at a time with 'Carregar Mais' until a shorter batch, 12 per page", async () => {
    const s = server(150);
    renderAdmin("/admin/products-by-country", s.routes);
    expect(await screen.findByText("100 de 150 produtos carregados")).toBeInTheDocument();
    expect(s.calls.list[0]).toMatchObject({ page: 1, pageSize: 100, query: "" });
    expect(screen.getByText("Página 1 de 9")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(13);
    await userEvent.click(screen.getByRole("button", { name: "Carregar Mais" }));
    expect(await screen.findByText("150 de 150 produtos carregados")).toBeInTheDocument();
    expect(s.calls.list[1]).toMatchObject({ page: 2, pageSize: 100 });
    expect(screen.queryByRole("button", { name: "Carregar Mais" })).not.toBeInTheDocument();
    expect(screen.getByText("Página 1 de 13")).toBeInTheDocument();
  });

  it("searches 500 ms after typing and goes back to page 1", async () => {
    const s = server(150);
    renderAdmin("/admin/products-by-country", s.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Seguinte" }));
    expect(screen.getByText("Página 2 de 9")).toBeInTheDocument();
    const table = screen.getByRole("region", { name: "Visibilidade por país" });
    expect(table).toHaveAttribute("aria-busy", "false");
    await userEvent.type(screen.getByLabelText("Pesquisar produtos"), "guar");
    expect(s.calls.list).toHaveLength(1);
    // The rows shown are not the search's until it has run and answered.
    expect(table).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(s.calls.list.at(-1)).toMatchObject({ query: "guar", page: 1 }), { timeout: 2000 });
    expect(await screen.findByText("Página 1 de 9")).toBeInTheDocument();
    await waitFor(() => expect(table).toHaveAttribute("aria-busy", "false"));
  });

  it("holds toggles as pending, shows the count and sends them at once on 'Salvar Alterações'", async () => {
    const s = server(5);
    renderAdmin("/admin/products-by-country", s.routes);
    const onBrasil = await screen.findByRole("checkbox", { name: "Produto 1001 visível em Brasil" });
    expect(onBrasil).toBeChecked();
    // Toggled, counted and saved without giving the event loop a turn: on a
    // loaded machine awaited clicks took longer than the pause after which the
    // screen sends the pending toggles by itself.
    fireEvent.click(onBrasil);
    fireEvent.click(screen.getByRole("checkbox", { name: "Produto 1002 visível em República Dominicana" }));
    expect(onBrasil).not.toBeChecked();
    expect(screen.getAllByText("2 alterações pendentes").length).toBeGreaterThan(0);
    expect(s.calls.batch).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: /Salvar Alterações/ }));
    await waitFor(() => expect(s.calls.batch).toHaveLength(1));
    expect(s.calls.batch[0].changes).toEqual([
      expect.objectContaining({ productId: 1001n, country: "brasil", channel: SalesChannel.NONE }),
      expect.objectContaining({ productId: 1002n, country: "republica-dominicana", channel: SalesChannel.BOTH }),
    ]);
    expect(screen.getByRole("checkbox", { name: "Produto 1001 visível em Brasil" })).not.toBeChecked();
    expect(await screen.findByText("2 alterações de visibilidade guardadas.")).toBeInTheDocument();
  });

  it("sends the pending toggles by itself 1 s after the last one", async () => {
    const s = server(5);
    renderAdmin("/admin/products-by-country", s.routes);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Produto 1003 visível em Brasil" }));
    expect((await screen.findAllByText("1 alteração pendente")).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 600));
    expect(s.calls.batch).toHaveLength(0);
    await waitFor(() => expect(s.calls.batch).toHaveLength(1), { timeout: 1500 });
    expect(s.calls.batch[0].changes[0]).toMatchObject({ productId: 1003n, country: "brasil", channel: SalesChannel.BOTH });
  });
});
