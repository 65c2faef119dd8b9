import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { AccountService } from "@gen/sabores/v1/account_service_pb";
import { WithdrawalStatus } from "@gen/sabores/v1/withdrawal_pb";
import { WithdrawalExemption, WithdrawalService } from "@gen/sabores/v1/withdrawal_service_pb";
import { signedIn } from "@/testing/fixtures";
import { renderApp } from "@/testing/render-app";

const options = {
  orderId: 7n,
  open: true,
  deadline: timestampFromDate(new Date("2026-12-09T22:59:59Z")),
  lines: [
    { lineNo: 1, name: "Guaraná", quantity: 3, available: 3, unitPriceCents: 250n },
    { lineNo: 2, name: "Açaí congelado", quantity: 1, available: 0, unitPriceCents: 800n, exemption: WithdrawalExemption.PERISHABLE },
    { lineNo: 3, name: "Perfume", quantity: 1, available: 1, unitPriceCents: 1000n, sealedHygiene: true },
  ],
};

it("picks a line and units, asks to confirm, then acknowledges with the date and time received", async () => {
  let sent: { lineNo: number; quantity: number }[] = [];
  const { user } = renderApp("/orders/7/withdraw", (router) => {
    router.service(AccountService, { getSession: () => signedIn() });
    router.service(WithdrawalService, { getMyWithdrawalOptions: () => ({ options }), withdrawMyOrder: (req) => {
        sent = req.lines.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity }));
        return {
          withdrawal: {
            id: 4n,
            orderId: 7n,
            status: WithdrawalStatus.REQUESTED,
            requestTime: timestampFromDate(new Date("2026-11-25T09:41:07Z")),
            refundDeadline: timestampFromDate(new Date("2026-12-09T09:41:07Z")),
            refundCents: 500n,
            lines: [{ lineNo: 1, name: "Guaraná", quantity: 2, unitPriceCents: 250n }],
          },
        };
      } });
  });
  expect(await screen.findByRole("heading", { name: "Desistir del contrato" })).toBeInTheDocument();
  expect(screen.getByText(/Puedes desistir hasta el 9 de diciembre de 2026/)).toBeInTheDocument();
  // The frozen line is explained, not silently missing; it cannot be picked.
  expect(screen.getByText(/Producto perecedero/)).toBeInTheDocument();
  expect(screen.getByRole("checkbox", { name: "Açaí congelado" })).toBeDisabled();
  expect(screen.getByText(/se acepta siempre que nos llegue sin abrir/)).toBeInTheDocument();
  const next = screen.getByRole("button", { name: "Continuar" });
  expect(next).toBeDisabled();
  await user.click(screen.getByRole("checkbox", { name: "Guaraná" }));
  await user.selectOptions(screen.getByRole("combobox", { name: "Unidades (máximo 3)" }), "2");
  await user.click(next);
  expect(screen.getByRole("heading", { name: "Confirma tu desistimiento" })).toBeInTheDocument();
  expect(screen.getByText("2 × Guaraná")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Confirmar desistimiento" }));
  expect(await screen.findByRole("heading", { name: "Desistimiento recibido" })).toBeInTheDocument();
  expect(sent).toEqual([{ lineNo: 1, quantity: 2 }]);
  expect(screen.getByText(/Hemos recibido tu desistimiento el/)).toHaveTextContent(/25 de noviembre de 2026 a las 10:41:07/);
});

it("offers the function on the link without signing in, and says so when the link is no good", async () => {
  renderApp("/desistir#7.bad", (router) => {
    router.service(WithdrawalService, { getWithdrawalOptionsByLink: () => {
        throw new Error("not found");
      } });
  });
  expect(await screen.findByText(/Este enlace no es válido/)).toBeInTheDocument();
});

it("withdraws through the e-mail's link, sending the token from the URL's fragment", async () => {
  const tokens: string[] = [];
  const { user } = renderApp("/desistir#7.c2lnbmF0dXJl", (router) => {
    router.service(WithdrawalService, { getWithdrawalOptionsByLink: (req) => {
        tokens.push(req.token);
        return { options: { ...options, deadline: undefined, cancelsOrder: true } };
      }, withdrawByLink: (req) => {
        tokens.push(req.token);
        return {
          withdrawal: {
            id: 5n,
            orderId: 7n,
            status: WithdrawalStatus.CANCELLED,
            cancelledOrder: true,
            requestTime: timestampFromDate(new Date("2026-11-25T09:41:07Z")),
          },
        };
      } });
  });
  expect(await screen.findByText(/desistir cancela el pedido completo/)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Continuar" }));
  await user.click(screen.getByRole("button", { name: "Confirmar desistimiento" }));
  expect(await screen.findByText(/no tienes que devolver nada/)).toBeInTheDocument();
  expect(tokens.length).toBeGreaterThanOrEqual(2);
  expect(new Set(tokens)).toEqual(new Set(["7.c2lnbmF0dXJl"]));
});
