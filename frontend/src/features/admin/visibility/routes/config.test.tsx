import { create } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminVisibilityService, type UpdateCountryConfigRequest } from "@gen/sabores/v1/admin_visibility_service_pb";
import { CountrySchema } from "@gen/sabores/v1/types_pb";

const brasil = create(CountrySchema, {
  slug: "brasil",
  name: "Brasil",
  flagEmoji: "🇧🇷",
  href: "/brasil",
  backgroundClasses: "bg-green-700",
});

function badRequest(field: string, description: string): Uint8Array {
  const v = new BinaryWriter().uint32((1 << 3) | 2).string(field).uint32((2 << 3) | 2).string(description).finish();
  return new BinaryWriter().uint32((1 << 3) | 2).bytes(v).finish();
}

describe("country configuration screen", () => {
  it("previews the tile while typing and saves on the server", async () => {
    const saved: UpdateCountryConfigRequest[] = [];
    renderAdmin("/admin/config", (router) =>
      router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [brasil] }), updateCountryConfig: (req) => {
          saved.push(req);
          return { country: { ...brasil, name: req.name } };
        } }),
    );
    const form = (await screen.findByRole("heading", { name: /Brasil/ })).closest("form")!;
    const f = within(form);
    await userEvent.clear(f.getByLabelText("Nome"));
    await userEvent.type(f.getByLabelText("Nome"), "Brasil Tropical");
    expect(within(f.getByRole("figure")).getByText("Brasil Tropical")).toBeInTheDocument();
    await userEvent.click(f.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Brasil Tropical atualizado.")).toBeInTheDocument();
    expect(saved[0]).toMatchObject({ slug: "brasil", name: "Brasil Tropical", href: "/brasil", flagEmoji: "🇧🇷" });
  });

  it("offers the tile backgrounds that exist, never a class string, and the Portuguese name", async () => {
    const saved: UpdateCountryConfigRequest[] = [];
    renderAdmin("/admin/config", (router) =>
      router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [brasil] }), updateCountryConfig: (req) => {
          saved.push(req);
          return { country: { ...brasil, backgroundClasses: req.backgroundClasses, namePt: req.namePt } };
        } }),
    );
    const form = (await screen.findByRole("heading", { name: /Brasil/ })).closest("form")!;
    const f = within(form);
    const styles = f.getByRole("group", { name: "Fundo do quadro" });
    // A free class saved before the choice existed reads as the shop's colour.
    expect(within(styles).getByRole("radio", { name: "Cor da loja" })).toBeChecked();
    expect(within(styles).getAllByRole("radio")).toHaveLength(12);
    expect(f.queryByDisplayValue("bg-green-700")).not.toBeInTheDocument();
    await userEvent.click(within(styles).getByRole("radio", { name: "Verde e amarelo" }));
    await userEvent.type(f.getByLabelText("Nome em português"), "Brasil");
    await userEvent.click(f.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ backgroundClasses: "from-green-500 to-yellow-400", namePt: "Brasil" });
  });

  it("puts the server's refusal beside the field", async () => {
    renderAdmin("/admin/config", (router) =>
      router.service(AdminVisibilityService, { listCountryConfigs: () => ({ countries: [brasil] }), updateCountryConfig: () => {
          const err = new ConnectError("invalid", Code.InvalidArgument);
          err.details.push({ type: "google.rpc.BadRequest", value: badRequest("href", "must be a path") });
          throw err;
        } }),
    );
    const form = (await screen.findByRole("heading", { name: /Brasil/ })).closest("form")!;
    const f = within(form);
    await userEvent.clear(f.getByLabelText("Ligação"));
    await userEvent.type(f.getByLabelText("Ligação"), "brasil");
    await userEvent.click(f.getByRole("button", { name: "Salvar" }));
    expect(await f.findByText("Use um caminho deste site em minúsculas, por exemplo /brasil.")).toBeInTheDocument();
    await waitFor(() => expect(f.getByLabelText("Ligação")).toHaveAttribute("aria-invalid", "true"));
    expect(f.getByLabelText("Ligação")).toHaveValue("brasil");
  });
});
