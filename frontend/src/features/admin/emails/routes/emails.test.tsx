import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminEmailService, EmailState } from "@gen/sabores/v1/admin_email_service_pb";

const failed = (id: string, state: EmailState) => ({
  messageId: id,
  orderId: 42n,
  kind: "shipped",
  recipient: "lucia@example.com",
  attempts: 3,
  lastError: "dial tcp 127.0.0.1:1025: connection refused",
  state,
  createTime: { seconds: 1_790_000_000n, nanos: 0 },
  nextAttemptTime: state === EmailState.RETRYING ? { seconds: 1_790_003_600n, nanos: 0 } : undefined,
});

it("lists failed e-mails with their error and retries one, refusing a second send", async () => {
  const retried: string[] = [];
  const { user } = renderAdmin(
    "/admin/emails",
    (router) =>
      router.service(AdminEmailService, { listFailedEmails: () => ({ emails: [failed("<a@x>", EmailState.RETRYING), failed("<b@x>", EmailState.GAVE_UP)] }), retryEmail: (req) => {
          retried.push(req.messageId);
          if (req.messageId === "<b@x>") {
            const err = new ConnectError("sent", Code.FailedPrecondition);
            err.details.push({ type: "google.rpc.ErrorInfo", value: new BinaryWriter().tag(1, 2).string("EMAIL_ALREADY_SENT").finish() });
            throw err;
          }
          return { email: failed(req.messageId, EmailState.RETRYING) };
        } }),
    { language: "es" },
  );
  const items = await screen.findAllByRole("listitem");
  expect(items).toHaveLength(2);
  expect(within(items[0]).getByText("Pedido enviado")).toBeVisible();
  expect(within(items[0]).getByText("dial tcp 127.0.0.1:1025: connection refused")).toBeVisible();
  expect(within(items[0]).getByText("Se reintentará")).toBeVisible();
  expect(within(items[1]).getByText("Sin más reintentos")).toBeVisible();
  expect(within(items[0]).getByRole("link", { name: "Pedido #42" })).toHaveAttribute("href", "/admin/orders/42");

  await user.click(within(items[0]).getByRole("button", { name: "Reintentar" }));
  expect(await within(items[0]).findByText("Se enviará en unos segundos.")).toBeVisible();
  expect(within(items[0]).getByRole("button", { name: "Reintentar" })).toBeDisabled();
  await user.click(within(items[1]).getByRole("button", { name: "Reintentar" }));
  expect(await within(items[1]).findByText("Ya se entregó: no se envía otra vez.")).toBeVisible();
  expect(retried).toEqual(["<a@x>", "<b@x>"]);
});

it("says when every e-mail arrived", async () => {
  renderAdmin("/admin/emails", (router) => router.service(AdminEmailService, { listFailedEmails: () => ({ emails: [] }) }));
  expect(await screen.findByText("Todos os e-mails foram entregues.")).toBeVisible();
});
