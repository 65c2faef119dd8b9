import type { MessageInitShape } from "@bufbuild/protobuf";
import { screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { TillPaymentMethod, TillService, type ZReportSchema } from "@gen/sabores/v1/till_service_pb";

it("opens the day with a float, then closes it with the count: expected, counted, difference and the takings by method and VAT rate", async () => {
  let report: MessageInitShape<typeof ZReportSchema> = { opened: false };
  const floats: bigint[] = [];
  const { user } = renderAdmin(
    "/admin/caja/dia",
    (router) =>
      router.service(TillService, {
        getZReport: ({ date }) => ({ report: { date, ...report } }),
        openDay: ({ floatCents }) => {
          floats.push(floatCents);
          report = {
            opened: true,
            floatCents,
            sales: 1,
            expectedCashCents: floatCents + 550n,
            byPayment: [{ method: TillPaymentMethod.CASH, salesCents: 550n }],
            byVat: [{ vatBasisPoints: 1000, baseCents: 500n, vatCents: 50n }],
          };
          return { date: "2026-11-29" };
        },
        closeDay: ({ countedCents }) => {
          report = { ...report, closed: true, countedCashCents: countedCents, differenceCents: countedCents - (report.expectedCashCents ?? 0n) };
          return { report };
        },
      }),
    { viewer: "till" },
  );
  await user.type(await screen.findByLabelText("Fundo de caixa inicial (€)"), "100");
  await user.click(screen.getByRole("button", { name: "Abrir a caixa" }));
  expect(await screen.findByTestId("till-expected")).toHaveTextContent("105,50 €");
  expect(floats).toEqual([10000n]);
  await user.type(screen.getByLabelText("Numerário contado ao fechar (€)"), "105");
  await user.click(screen.getByRole("button", { name: "Fechar a caixa (contagem)" }));
  expect(await screen.findByTestId("till-difference")).toHaveTextContent("-0,50 €");
  expect(screen.getByTestId("till-counted")).toHaveTextContent("105,00 €");
  expect(screen.getByRole("row", { name: /^Numerário\s5,50\s€\s0,00\s€$/ })).toBeInTheDocument();
  expect(screen.getByRole("row", { name: /^10\s%\s5,00\s€\s0,50\s€$/ })).toBeInTheDocument();
});
