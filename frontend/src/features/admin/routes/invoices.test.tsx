import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/testing/render-admin";
import { InvoiceKind, InvoiceService } from "@gen/sabores/v1/invoice_service_pb";

it("finds an order's invoices and reports a broken VeriFactu chain", async () => {
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(InvoiceService, {
      listOrderInvoices: (req) => ({
        invoices: req.orderId === 42n ? [{ id: 9n, number: "FR2026-000003", kind: InvoiceKind.CORRECTIVE, orderId: 42n }] : [],
      }),
      checkInvoiceChain: () => ({
        records: 12n,
        breaks: [{ recordId: 7n, problem: "HASH_MISMATCH" }],
      }),
    }),
  );
  await user.type(await screen.findByLabelText("Número da encomenda"), "42");
  await user.click(screen.getByRole("button", { name: "Procurar" }));
  expect(await screen.findByText("Fatura retificativa FR2026-000003")).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Verificar a cadeia" }));
  expect(await screen.findByText("Foi encontrada 1 quebra na cadeia.")).toBeVisible();
  expect(screen.getByText("Registo 7: os dados do registo foram alterados (a impressão digital não coincide).")).toBeVisible();
});
