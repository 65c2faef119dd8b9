import { screen, within } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminParcelService, RemittanceVerdict, type RecordRemittanceRequest } from "@gen/sabores/v1/admin_parcel_service_pb";

const recorded = {
  id: 5n,
  reference: "REM-77",
  carrier: "Correos",
  remittedOn: "2026-11-27",
  totalCents: 2368n,
  paidLines: 1,
  differenceLines: 1,
  lines: [
    { reference: "SC1", amountCents: 1234n, orderId: 42n, expectedCents: 1234n, verdict: RemittanceVerdict.PAID },
    { reference: "SC2", amountCents: 1134n, orderId: 43n, expectedCents: 1234n, verdict: RemittanceVerdict.AMOUNT_MISMATCH },
  ],
};

it("enters a remittance, shows each line's verdict and says when it was entered before", async () => {
  const asked: RecordRemittanceRequest[] = [];
  const { user } = renderAdmin(
    "/admin/parcels/remittances",
    (router) =>
      router.service(AdminParcelService, {
        listRemittances: () => ({ remittances: [] }),
        recordRemittance: (req) => {
          asked.push(req);
          return { remittance: recorded, repeated: asked.length > 1 };
        },
      }),
    { language: "pt" },
  );
  expect(await screen.findByRole("heading", { name: "Remessas à cobrança", level: 1 })).toBeVisible();
  expect(await screen.findByText("Ainda não há remessas.")).toBeVisible();
  await user.type(screen.getByLabelText("Referência da remessa"), "REM-77");
  await user.type(screen.getByRole("textbox", { name: /Linhas/ }), "SC1;12,34{enter}SC2;11,34");
  await user.click(screen.getByRole("button", { name: "Registar a remessa" }));

  const result = await screen.findByRole("region", { name: "Remessa REM-77" });
  expect(asked[0]).toEqual(expect.objectContaining({ reference: "REM-77", carrier: "Correos", csv: "SC1;12,34\nSC2;11,34" }));
  expect(asked[0].remittedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const rows = within(result).getAllByRole("row");
  expect(within(rows[1]).getByText("Paga")).toBeVisible();
  expect(within(rows[2]).getByText("Valor diferente: esperava-se 12,34 €")).toBeVisible();
  expect(within(rows[2]).getByRole("link", { name: /43/ })).toHaveAttribute("href", "/admin/orders/43");
  expect(screen.queryByText(/já estava registada/)).toBeNull();

  await user.click(screen.getByRole("button", { name: "Registar a remessa" }));
  expect(await screen.findByText(/já estava registada: não foi aplicada de novo/)).toBeVisible();
});
