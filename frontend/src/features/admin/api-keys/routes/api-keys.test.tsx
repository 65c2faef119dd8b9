import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminApiKeyService, type ApiKey, ApiKeySchema, ApiKeyScope } from "@gen/sabores/v1/admin_api_key_service_pb";

/** inDays is the yyyy-mm-dd date days from today. */
function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

describe("API keys screen", () => {
  it("offers a key that expires in 90 days and never lets the expiry go", async () => {
    renderAdmin("/admin/api-keys", (router) => router.service(AdminApiKeyService, { listApiKeys: () => ({ keys: [] }) }));
    const expires = await screen.findByLabelText("Expira em");
    expect(expires).toHaveValue(inDays(90));
    await userEvent.type(screen.getByLabelText("Nome"), "Loja");
    await userEvent.clear(expires);
    expect(screen.getByRole("button", { name: "Criar chave" })).toBeDisabled();
  });

  it("creates a key, shows its secret once, and revokes it after confirmation", async () => {
    let keys: ApiKey[] = [];
    const revoked: bigint[] = [];
    renderAdmin("/admin/api-keys", (router) =>
      router.service(AdminApiKeyService, { listApiKeys: () => ({ keys }), createApiKey: (req) => {
          const key = create(ApiKeySchema, {
            id: 7n,
            name: req.name,
            scopes: req.scopes,
            expireTime: req.expireTime,
            prefix: "sab_abc",
            createTime: timestampFromDate(new Date()),
          });
          keys = [key];
          return { key, secret: "sab_abcdefghijklmnopqrstuvwxyz" };
        }, revokeApiKey: (req) => {
          revoked.push(req.id);
          keys = keys.map((k) => ({ ...k, revokeTime: timestampFromDate(new Date()) }));
          return { key: keys[0] };
        } }),
    );
    expect(await screen.findByText("Ainda não há chaves.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Nome"), "Faturação");
    const scopes = screen.getByRole("group", { name: "Permissões" });
    expect(within(scopes).getByLabelText("Ler o catálogo")).toBeChecked();
    await userEvent.click(within(scopes).getByLabelText("Ler o catálogo"));
    await userEvent.click(within(scopes).getByLabelText("Ver encomendas e clientes"));
    const expires = screen.getByLabelText("Expira em");
    expect(expires).toBeRequired();
    await userEvent.clear(expires);
    await userEvent.type(expires, inDays(30));
    await userEvent.click(screen.getByRole("button", { name: "Criar chave" }));
    expect(await screen.findByText("sab_abcdefghijklmnopqrstuvwxyz")).toBeInTheDocument();
    expect(screen.getByText("Copie-a agora: por segurança, não voltará a ser mostrada.")).toBeInTheDocument();
    expect(await screen.findByText("sab_abc…")).toBeInTheDocument();
    expect(screen.getByText("Ver encomendas e clientes", { selector: "td *, td" })).toBeInTheDocument();
    expect(screen.getByText(/^Expira em \d/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Revogar: Faturação" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revogar a chave?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revogar" }));
    await waitFor(() => expect(revoked).toEqual([7n]));
    expect(await screen.findByText(/^Revogada em/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Revogar: Faturação" })).not.toBeInTheDocument();
    expect(keys[0].scopes).toEqual([ApiKeyScope.ORDERS_READ]);
    expect(keys[0].expireTime && timestampDate(keys[0].expireTime).toDateString()).toBe(new Date(`${inDays(30)}T12:00`).toDateString());
  });

  it("cannot create a key without a scope", async () => {
    renderAdmin("/admin/api-keys", (router) => router.service(AdminApiKeyService, { listApiKeys: () => ({ keys: [] }) }));
    await userEvent.type(await screen.findByLabelText("Nome"), "Loja");
    await userEvent.click(screen.getByLabelText("Ler o catálogo"));
    expect(screen.getByRole("button", { name: "Criar chave" })).toBeDisabled();
  });

  it("shows a key revoked at once and puts it back when the server refuses", async () => {
    const key = create(ApiKeySchema, { id: 8n, name: "Loja", prefix: "sab_xyz", createTime: timestampFromDate(new Date()) });
    let refuse: (err: ConnectError) => void = () => {};
    renderAdmin("/admin/api-keys", (router) =>
      router.service(AdminApiKeyService, { listApiKeys: () => ({ keys: [key] }), revokeApiKey: () =>
          new Promise((_, reject) => {
            refuse = reject;
          }) }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Revogar: Loja" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revogar a chave?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Revogar" }));
    expect(await screen.findByText(/^Revogada em/)).toBeInTheDocument();
    refuse(new ConnectError("down", Code.Unavailable));
    expect(await screen.findByRole("button", { name: "Revogar: Loja" })).toBeInTheDocument();
    expect(screen.queryByText(/^Revogada em/)).not.toBeInTheDocument();
  });
});
