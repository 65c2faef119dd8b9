import { create } from "@bufbuild/protobuf";
import { timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import {
  AdminWithdrawalService,
  type ReceiveWithdrawalRequest,
  type RefundWithdrawalRequest,
} from "@gen/sabores/v1/admin_withdrawal_service_pb";
import { PaymentMethod } from "@gen/sabores/v1/types_pb";
import { WithdrawalSchema, WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";

function withdrawal(status: WithdrawalStatus, paymentMethod: PaymentMethod, extra: { refundTime?: Timestamp } = {}) {
  return create(WithdrawalSchema, {
    id: 7n,
    orderId: 42n,
    status,
    paymentMethod,
    customerName: "João Santos",
    customerEmail: "joao@example.com",
    refundCents: 500n,
    requestTime: timestampFromDate(new Date("2026-11-20T10:00:00Z")),
    refundDeadline: timestampFromDate(new Date("2026-12-04T10:00:00Z")),
    lines: [
      { lineNo: 1, name: "Guaraná", quantity: 2, unitPriceCents: 250n },
      { lineNo: 2, name: "Kaiak Perfume", quantity: 1, unitPriceCents: 3000n, sealedHygiene: true },
    ],
    ...extra,
  });
}

// Issue 37: goods received and a withdrawal's refund are confirmed in a
// dialog saying what will happen, like a card refund; nothing is sent
// before, and closing the dialog sends nothing.
describe("withdrawal actions", () => {
  it("confirms goods received with the lines back in stock, the rejected one and the amount left to refund", async () => {
    const received: ReceiveWithdrawalRequest[] = [];
    const { user } = renderAdmin(
      "/admin/withdrawals",
      (router) =>
        router.service(AdminWithdrawalService, {
          listWithdrawals: () => ({ withdrawals: [withdrawal(WithdrawalStatus.REQUESTED, PaymentMethod.TRANSFER)], totalSize: 1 }),
          receiveWithdrawal: (req) => {
            received.push(req);
            return {};
          },
        }),
      { language: "es" },
    );
    await user.type(await screen.findByLabelText(/«Kaiak Perfume» llegó abierto/), "Precinto roto");
    await user.click(screen.getByRole("button", { name: "Productos recibidos" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Recepción del desistimiento 7" });
    expect(within(dialog).getByText("2 × Guaraná")).toBeVisible();
    expect(within(dialog).getByText("1 × Kaiak Perfume: Precinto roto")).toBeVisible();
    expect(within(dialog).getByText(/Importe que se reembolsará después: 5,00\s€/)).toBeVisible();
    expect(dialog).toHaveAccessibleDescription(/João Santos recibe un correo/);
    expect(received).toHaveLength(0);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(received).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Productos recibidos" }));
    const again = await screen.findByRole("alertdialog");
    within(again).getByRole("button", { name: "Confirmar recepción" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ id: 7n, rejected: [{ lineNo: 2, reason: "Precinto roto" }] });
  });

  it.each([
    [PaymentMethod.CARD, /^A Redsys devolverá 5,00\s€ ao cartão com que João Santos pagou\.$/, ""],
    [PaymentMethod.BIZUM, /^A Redsys devolverá 5,00\s€ por Bizum a João Santos\.$/, ""],
    [PaymentMethod.TRANSFER, /^Regista que devolveu 5,00\s€ a João Santos por transferência bancária, com a referência TRF-9\.$/, "TRF-9"],
  ])("confirms a refund (method %i) with the amount, the shopper and how the money goes back", async (method, words, reference) => {
    const refunded: RefundWithdrawalRequest[] = [];
    const { user } = renderAdmin("/admin/withdrawals", (router) =>
      router.service(AdminWithdrawalService, {
        listWithdrawals: () => ({ withdrawals: [withdrawal(WithdrawalStatus.RECEIVED, method)], totalSize: 1 }),
        refundWithdrawal: (req) => {
          refunded.push(req);
          return {};
        },
      }),
    );
    const form = await screen.findByRole("form", { name: "Reembolso da livre resolução 7" });
    // A Bizum refund goes through Redsys like a card's: no bank reference asked.
    const bank = within(form).queryByLabelText("Referência da transferência de reembolso");
    expect(bank !== null).toBe(method === PaymentMethod.TRANSFER);
    if (bank) await user.type(bank, reference);
    await user.click(within(form).getByRole("button", { name: "Reembolsar" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(words)).toBeVisible();
    expect(refunded).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: /^Reembolsar 5,00\s€$/ }));
    await waitFor(() => expect(refunded).toHaveLength(1));
    expect(refunded[0]).toMatchObject({ id: 7n, bankReference: reference });
  });

  it("shows a refunded withdrawal's date", async () => {
    renderAdmin("/admin/withdrawals", (router) =>
      router.service(AdminWithdrawalService, {
        listWithdrawals: () => ({
          withdrawals: [withdrawal(WithdrawalStatus.REFUNDED, PaymentMethod.CARD, { refundTime: timestampFromDate(new Date("2026-11-25T11:00:00Z")) })],
          totalSize: 1,
        }),
      }),
    );
    expect(await screen.findByText("Reembolsado em 25 de novembro de 2026")).toBeVisible();
  });
});
