import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { currentUrl, renderAdmin, type TestViewer } from "@/features/admin/shared/testing/render-admin";
import { AdminProductService, type UpdateProductRequest } from "@gen/sabores/v1/admin_product_service_pb";
import { type AdminProduct, AdminProductSchema } from "@gen/sabores/v1/admin_types_pb";
import { AdminVisibilityService, type ListCountryProductsRequest, type SearchAddableProductsRequest, type SetProductChannelRequest, VisibilityOutcome } from "@gen/sabores/v1/admin_visibility_service_pb";
import { CatalogService } from "@gen/sabores/v1/catalog_service_pb";
import { CountrySchema, SalesChannel } from "@gen/sabores/v1/types_pb";
import type { MessageInitShape } from "@bufbuild/protobuf";

function product(id: number, name: string, extra: MessageInitShape<typeof AdminProductSchema> = {}): AdminProduct {
  return create(AdminProductSchema, {
    id: BigInt(id),
    name,
    code: `C${id}`,
    sku: `SKU-${id}`,
    category: "bebidas",
    onlineCategories: ["populares", "ofertas-verao"],
    priceCents: 850n,
    vatBasisPoints: 2100,
    imageUrl: "",
    ...extra,
  });
}

const guarana = product(1001, "Guaraná Antarctica");
const acai = product(1002, "Açaí congelado", { vatBasisPoints: 550, onlineCategories: [], category: "doces" });

// The server's names of the countries these tests visit.
const countryNames: Record<string, { slug: string; name: string; namePt: string }> = {
  colombia: { slug: "colombia", name: "Colombia", namePt: "Colômbia" },
  "republica-dominicana": { slug: "republica-dominicana", name: "República Dominicana", namePt: "República Dominicana" },
};

interface Server {
  list?: (req: ListCountryProductsRequest) => { products: AdminProduct[]; total?: number };
  setChannel?: (req: SetProductChannelRequest) => VisibilityOutcome | Error;
  search?: (req: SearchAddableProductsRequest) => AdminProduct[];
  update?: (req: UpdateProductRequest) => AdminProduct | Error;
}

function fakeServer(s: Server) {
  const calls = {
    list: [] as ListCountryProductsRequest[],
    setChannel: [] as SetProductChannelRequest[],
    search: [] as SearchAddableProductsRequest[],
    update: [] as UpdateProductRequest[],
  };
  const routes = (router: Parameters<Parameters<typeof renderAdmin>[1]>[0]) => {
    router.service(AdminVisibilityService, { listCountryProducts: (req) => {
        calls.list.push(req);
        const { products, total } = s.list?.(req) ?? { products: [guarana, acai] };
        return {
          products: products.map((p) => ({ product: p, visible: true, channel: SalesChannel.BOTH })),
          totalSize: total ?? products.length,
          country: create(CountrySchema, countryNames[req.country] ?? { slug: req.country, name: req.country }),
        };
      }, setProductChannel: (req) => {
        calls.setChannel.push(req);
        const outcome = s.setChannel?.(req) ?? VisibilityOutcome.UPDATED;
        if (outcome instanceof Error) throw outcome;
        return { outcome };
      }, searchAddableProducts: (req) => {
        calls.search.push(req);
        return { products: s.search?.(req) ?? [] };
      } });
    router.service(CatalogService, {
      listCategories: () => ({
        categories: [
          { slug: "bebidas", name: "Bebidas" },
          { slug: "congelados", name: "Congelados" },
          { slug: "doces", name: "Doces" },
        ],
      }),
    });
    router.service(AdminProductService, { updateProduct: (req) => {
        calls.update.push(req);
        const res = s.update?.(req) ?? guarana;
        if (res instanceof Error) throw res;
        return { product: res };
      } });
  };
  return { calls, routes };
}

describe("country products screen", () => {
  it("names the country from the URL, then by the server's name in the admin's language", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/col%C3%B4mbia", server.routes);
    expect(await screen.findByRole("heading", { name: "Produtos para Colômbia" })).toBeInTheDocument();
    expect(await screen.findByText("2 produtos encontrados")).toBeInTheDocument();
    expect(server.calls.list[0]).toMatchObject({ country: "colombia", page: 1, pageSize: 20, filter: "" });
  });

  it("shows each card's details, badges and VAT", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/república-dominicana", server.routes);
    expect(await screen.findByRole("heading", { name: "Produtos para República Dominicana" })).toBeInTheDocument();
    expect(server.calls.list[0].country).toBe("republica-dominicana");
    const card = (await screen.findByRole("heading", { name: "Guaraná Antarctica" })).closest("li")!;
    const c = within(card);
    // The category by its name, not its slug.
    expect(await c.findByText("Bebidas")).toBeInTheDocument();
    const acaiCard = within(screen.getByRole("heading", { name: "Açaí congelado" }).closest("li")!);
    expect(await acaiCard.findByText("Doces")).toBeInTheDocument();
    expect(acaiCard.queryByText("doces")).not.toBeInTheDocument();
    expect(c.getByText("Populares")).toBeInTheDocument();
    expect(c.getByText("ofertas-verao")).toBeInTheDocument();
    expect(c.getByText("Visível")).toBeInTheDocument();
    expect(c.getByText("C1001")).toBeInTheDocument();
    expect(c.getByText("SKU-1001")).toBeInTheDocument();
    expect(c.getByText(/8,50\s€/)).toBeInTheDocument();
    expect(c.getByText("21 %")).toBeInTheDocument();
  });

  it("pages by 20 with 'Página X de Y'", async () => {
    const server = fakeServer({ list: () => ({ products: [guarana], total: 45 }) });
    renderAdmin("/admin/products/brasil", server.routes);
    expect(await screen.findByText("Página 1 de 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Seguinte" }));
    expect(await screen.findByText("Página 2 de 3")).toBeInTheDocument();
    await waitFor(() => expect(server.calls.list.at(-1)?.page).toBe(2));
  });

  it("filters by name, code or SKU and goes back to page 1", async () => {
    const server = fakeServer({ list: () => ({ products: [guarana], total: 45 }) });
    renderAdmin("/admin/products/brasil", server.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Seguinte" }));
    await screen.findByText("Página 2 de 3");
    await userEvent.type(screen.getByLabelText("Filtrar por nome, código ou SKU"), "guar");
    await waitFor(() => expect(server.calls.list.at(-1)).toMatchObject({ filter: "guar", page: 1 }));
    expect(await screen.findByText("Página 1 de 3")).toBeInTheDocument();
  });

  it("removes a product from the country at once and says 'Removido'", async () => {
    let answer: (v: VisibilityOutcome) => void = () => {};
    const server = fakeServer({});
    const { routes } = server;
    renderAdmin("/admin/products/brasil", (router) => {
      routes(router);
      router.rpc(AdminVisibilityService.method.setProductChannel, async (req) => {
        server.calls.setChannel.push(req);
        return { outcome: await new Promise<VisibilityOutcome>((r) => (answer = r)) };
      });
    });
    const card = (await screen.findByRole("heading", { name: "Açaí congelado" })).closest("li")!;
    await userEvent.selectOptions(within(card).getByLabelText(/Canal de venda/), "Remover deste país");
    // Optimistic: gone before the server answers.
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Açaí congelado" })).not.toBeInTheDocument());
    expect(server.calls.setChannel[0]).toMatchObject({ productId: 1002n, country: "brasil", channel: SalesChannel.NONE });
    answer(VisibilityOutcome.REMOVED);
    expect(await screen.findByText("Removido")).toBeInTheDocument();
    expect(screen.getByText("Produto removido deste país.")).toBeInTheDocument();
  });

  it("changes a channel and says 'Salvo'", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/brasil", server.routes);
    const card = (await screen.findByRole("heading", { name: "Guaraná Antarctica" })).closest("li")!;
    await userEvent.selectOptions(within(card).getByLabelText(/Canal de venda/), "Loja física");
    expect(await screen.findByText("Canal atualizado com sucesso.")).toBeInTheDocument();
    expect(screen.getByText("Salvo")).toBeInTheDocument();
    expect(server.calls.setChannel[0].channel).toBe(SalesChannel.PHYSICAL);
  });

  it("puts the card back and says 'Erro' when the server refuses", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeServer({ setChannel: () => new ConnectError("boom", Code.Internal) });
    renderAdmin("/admin/products/brasil", server.routes);
    const card = (await screen.findByRole("heading", { name: "Açaí congelado" })).closest("li")!;
    await userEvent.selectOptions(within(card).getByLabelText(/Canal de venda/), "Remover deste país");
    expect(await screen.findByText("Não foi possível salvar o canal.")).toBeInTheDocument();
    expect(screen.getByText("Erro")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Açaí congelado" })).toBeInTheDocument();
  });

  it("asks to sign in when the session has gone, and goes to /auth", async () => {
    let viewer: TestViewer = "admin";
    const server = fakeServer({
      setChannel: () => {
        viewer = "guest";
        return new ConnectError("no session", Code.Unauthenticated);
      },
    });
    renderAdmin("/admin/products/brasil", server.routes, { viewer: () => viewer });
    const card = (await screen.findByRole("heading", { name: "Guaraná Antarctica" })).closest("li")!;
    await userEvent.selectOptions(within(card).getByLabelText(/Canal de venda/), "Online");
    expect(await screen.findByText("Sessão necessária")).toBeInTheDocument();
    expect(screen.getByText("Faça login para salvar o canal.")).toBeInTheDocument();
    await waitFor(() => expect(currentUrl().pathname).toBe("/auth"));
    expect(currentUrl().search).toBe(`?redirect=${encodeURIComponent("/admin/products/brasil")}`);
    expect(await screen.findByRole("link", { name: /Google/ })).toBeInTheDocument();
  });

  it("adds products from the add-search, from 2 characters on", async () => {
    const novo = product(1050, "Paçoca Amor");
    let added = false;
    const server = fakeServer({
      list: () => ({ products: added ? [guarana, acai, novo] : [guarana, acai] }),
      search: (req) => (req.query === "zz" ? [] : added ? [] : [novo]),
      setChannel: () => {
        added = true;
        return VisibilityOutcome.ADDED;
      },
    });
    renderAdmin("/admin/products/brasil", server.routes);
    const box = await screen.findByLabelText("Pesquisar produtos para adicionar");
    await userEvent.type(box, "p");
    await new Promise((r) => setTimeout(r, 500));
    expect(server.calls.search).toHaveLength(0);

    await userEvent.type(box, "a");
    await waitFor(() => expect(server.calls.search.at(-1)).toMatchObject({ country: "brasil", query: "pa" }));
    await userEvent.click(await screen.findByRole("button", { name: "Adicionar: Paçoca Amor" }));
    expect(server.calls.setChannel[0]).toMatchObject({ productId: 1050n, channel: SalesChannel.BOTH });
    expect(await screen.findByRole("heading", { name: "Paçoca Amor" })).toBeInTheDocument();
    expect(await screen.findByText("3 produtos encontrados")).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, "zz");
    expect(await screen.findByText("Nenhum produto disponível para adicionar com esse termo.")).toBeInTheDocument();
  });

  it("prefills the edit dialog and switches to a custom VAT when it is not a preset", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/brasil", server.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Açaí congelado" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar produto" });
    const d = within(dialog);
    expect(d.getByLabelText("Preço (€)")).toHaveValue("8.50");
    expect(d.getByLabelText("IVA")).toHaveValue("custom");
    expect(d.getByLabelText("IVA personalizado (%)")).toHaveValue("5.5");
  });

  it("says 'Dados inválidos' and sends nothing for a VAT that is not a number", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/brasil", server.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Guaraná Antarctica" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar produto" }));
    expect(d.getByLabelText("IVA")).toHaveValue("21");
    await userEvent.selectOptions(d.getByLabelText("IVA"), "Personalizado...");
    await userEvent.clear(d.getByLabelText("IVA personalizado (%)"));
    await userEvent.type(d.getByLabelText("IVA personalizado (%)"), "vinte");
    await userEvent.click(d.getByRole("button", { name: "Salvar" }));
    expect(await d.findByText("Insira números válidos para preço e IVA.")).toBeInTheDocument();
    expect(server.calls.update).toHaveLength(0);
  });

  it("saves price, VAT and categories with a comma, optimistically, and says 'Guardado'", async () => {
    const server = fakeServer({ update: () => product(1001, "Guaraná Antarctica", { priceCents: 975n, vatBasisPoints: 1000 }) });
    renderAdmin("/admin/products/brasil", server.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Guaraná Antarctica" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar produto" }));
    await userEvent.clear(d.getByLabelText("Preço (€)"));
    await userEvent.type(d.getByLabelText("Preço (€)"), "9,75");
    await userEvent.selectOptions(d.getByLabelText("IVA"), "10%");
    await userEvent.click(d.getByLabelText("Lançamentos")); // Portuguese, not the Spanish "Lanzamientos"
    await userEvent.click(d.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Produto atualizado com sucesso.")).toBeInTheDocument();
    expect(screen.getByText("Guardado")).toBeInTheDocument();
    expect(server.calls.update[0]).toMatchObject({
      id: 1001n,
      price: "9,75",
      vatRate: "10",
      onlineCategories: ["lanzamientos", "populares"],
    });
  });

  it("rolls the edit back and says 'Erro' when the server refuses", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let fail: (e: Error) => void = () => {};
    const server = fakeServer({});
    renderAdmin("/admin/products/brasil", (router) => {
      server.routes(router);
      router.rpc(AdminProductService.method.updateProduct, async () => {
        await new Promise<void>((_, reject) => (fail = reject));
        return {};
      });
    });
    const card = (await screen.findByRole("heading", { name: "Guaraná Antarctica" })).closest("li")!;
    await userEvent.click(within(card).getByRole("button", { name: "Editar: Guaraná Antarctica" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar produto" }));
    await userEvent.clear(d.getByLabelText("Preço (€)"));
    await userEvent.type(d.getByLabelText("Preço (€)"), "12.00");
    await userEvent.click(d.getByRole("button", { name: "Salvar" }));
    expect(await within(card).findByText(/12,00\s€/)).toBeInTheDocument();
    fail(new ConnectError("boom", Code.Internal));
    expect(await screen.findByText("Não foi possível atualizar o produto.")).toBeInTheDocument();
    expect(await within(card).findByText(/8,50\s€/)).toBeInTheDocument();
  });

  it("asks to sign in to edit when the session has gone", async () => {
    let viewer: TestViewer = "admin";
    const server = fakeServer({
      update: () => {
        viewer = "guest";
        return new ConnectError("no session", Code.Unauthenticated);
      },
    });
    renderAdmin("/admin/products/brasil", server.routes, { viewer: () => viewer });
    await userEvent.click(await screen.findByRole("button", { name: "Editar: Guaraná Antarctica" }));
    const d = within(await screen.findByRole("dialog", { name: "Editar produto" }));
    await userEvent.click(d.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Faça login para editar o produto.")).toBeInTheDocument();
    await waitFor(() => expect(currentUrl().pathname).toBe("/auth"));
  });

  it("returns to /admin/config from the back button", async () => {
    const server = fakeServer({});
    renderAdmin("/admin/products/brasil", server.routes);
    await userEvent.click(await screen.findByRole("link", { name: "Voltar" }));
    await waitFor(() => expect(currentUrl().pathname).toBe("/admin/config"));
  });
});
