import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";
import { TillPaymentMethod, TillService, type ReturnSaleRequest } from "@gen/sabores/v1/till_service_pb";

/** renderReturns is the returns screen against a till that sold one sale, on an invoice of kind. */
function renderReturns(kind: InvoiceKind, returned: ReturnSaleRequest[]) {
  return renderAdmin(
    "/admin/caja/devoluciones",
    (router) =>
      router.service(TillService, {
        getSale: ({ sale }) => {
          if (sale.case !== "ticketNumber" || sale.value !== "FS2026-000007") throw new Error("unknown");
          return {
            sale: {
              id: 7n,
              ticketNumber: "FS2026-000007",
              totalCents: 800n,
              invoice: { kind },
              lines: [
                { id: 1n, name: "Guaraná Antarctica", quantity: 2, unitPriceCents: 250n, totalCents: 500n, returnedQuantity: 1 },
                { id: 2n, name: "Mate Cocido", quantity: 1, unitPriceCents: 300n, totalCents: 300n },
              ],
            },
          };
        },
        returnSale: (req) => {
          returned.push(req);
          return { return: { id: 3n, saleId: 7n, invoice: { number: "FR2026-000001" }, refund: { method: req.refundMethod, amountCents: 250n } } };
        },
      }),
    { viewer: "till", language: "es" },
  );
}

it("finds a sale by its ticket, takes back what is left of a line and shows the R5 against a simplified invoice", async () => {
  const returned: ReturnSaleRequest[] = [];
  const { user } = renderReturns(InvoiceKind.SIMPLIFIED, returned);
  await user.type(await screen.findByLabelText("Número del ticket"), "FS2026-000007{Enter}");
  expect(await screen.findByText("1 por devolver · 2,50 €")).toBeInTheDocument();
  const more = screen.getByRole("button", { name: "Una unidad más de Guaraná Antarctica" });
  await user.click(more);
  // One was returned already: one is all that is left.
  expect(more).toBeDisabled();
  await user.click(screen.getByRole("radio", { name: "En la tarjeta (datáfono)" }));
  await user.click(screen.getByRole("button", { name: /^Devolver 2,50/ }));
  expect(await screen.findByText(/Factura rectificativa \(R5\)/)).toBeInTheDocument();
  expect(screen.getByTestId("till-return-number")).toHaveTextContent("FR2026-000001");
  expect(returned).toMatchObject([{ saleId: 7n, lines: [{ lineId: 1n, quantity: 1 }], refundMethod: TillPaymentMethod.CARD }]);
});

it("names the corrective of a full invoice R1", async () => {
  const { user } = renderReturns(InvoiceKind.COMPLETE, []);
  await user.type(await screen.findByLabelText("Número del ticket"), "FS2026-000007{Enter}");
  await user.click(await screen.findByRole("button", { name: "Una unidad más de Mate Cocido" }));
  await user.click(screen.getByRole("button", { name: /^Devolver 3,00/ }));
  expect(await screen.findByText(/Factura rectificativa \(R1\)/)).toBeInTheDocument();
});
