import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminMessageService } from "@gen/sabores/v1/admin_message_service_pb";
import { ContactSubject } from "@gen/sabores/v1/contact_pb";

it("lists the contact messages and the newsletter's subscribers with their consent", async () => {
  const at = timestampFromDate(new Date("2026-11-20T10:00:00Z"));
  renderAdmin("/admin/messages", (router) =>
    router.service(AdminMessageService, { listContactMessages: () => ({
        messages: [{ id: 7n, name: "João", email: "joao@example.com", subject: ContactSubject.ORDER, message: "Onde está?", createTime: at }],
        totalSize: 1,
      }), listNewsletterSubscriptions: () => ({
        subscriptions: [
          { id: 1n, email: "ana@example.com", language: "pt", consentVersion: "2026-11-24", requestTime: at, confirmTime: at },
          { id: 2n, email: "eve@example.com", language: "es", consentVersion: "2026-11-24", requestTime: at },
        ],
        totalSize: 2,
      }) }),
  );
  expect(await screen.findByRole("heading", { level: 1, name: "Mensagens e newsletter" })).toBeInTheDocument();
  const contact = screen.getByRole("region", { name: "Mensagens de contacto" });
  expect(await within(contact).findByText("Onde está?")).toBeInTheDocument();
  expect(within(contact).getByText("Encomenda")).toBeInTheDocument();
  const subscribers = screen.getByRole("region", { name: "Subscritores da newsletter" });
  const items = await within(subscribers).findAllByRole("listitem");
  expect(items).toHaveLength(2);
  expect(within(items[0]).getByText("Ativo")).toBeInTheDocument();
  expect(within(items[0]).getByText("Confirmado")).toBeInTheDocument();
  expect(within(items[1]).getByText("Por confirmar")).toBeInTheDocument();
  expect(within(items[1]).getByText(/texto 2026-11-24/)).toBeInTheDocument();
});
