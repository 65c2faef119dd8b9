import { screen, waitFor } from "@testing-library/react";
import { expect, it } from "vitest";
import { renderAdmin } from "@/features/admin/shared/testing/render-admin";
import { AdminInvoiceService } from "@gen/sabores/v1/admin_invoice_service_pb";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";

it("finds an order's invoices and reports a broken VeriFactu chain", async () => {
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(AdminInvoiceService, { listOrderInvoices: (req) => ({
        invoices: req.orderId === 42n ? [{ id: 9n, number: "FR2026-000003", kind: InvoiceKind.CORRECTIVE, orderId: 42n }] : [],
      }), checkInvoiceChain: () => ({
        records: 12n,
        breaks: [{ recordId: 7n, problem: "HASH_MISMATCH" }],
        submission: { readyRecords: 11n, unsubmittedRecords: 1n },
      }) }),
  );
  await user.type(await screen.findByLabelText("Número da encomenda"), "42");
  await user.click(screen.getByRole("button", { name: "Procurar" }));
  expect(await screen.findByText("Fatura retificativa FR2026-000003")).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Verificar a cadeia" }));
  expect(await screen.findByText("Foi encontrada 1 quebra na cadeia.")).toBeVisible();
  expect(screen.getByText("Registo 7: os dados do registo foram alterados (a impressão digital não coincide).")).toBeVisible();
  expect(screen.getByText("11 registos preparados e prontos a enviar.")).toBeVisible();
  expect(screen.getByText("1 registo ainda por preparar (prepara-se num minuto no máximo).")).toBeVisible();
  expect(screen.getByText(/O envio à AEAT está desativado/)).toBeVisible();
});

it("shows the records sent, those the AEAT refused with what the shop did, and the certificate", async () => {
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(AdminInvoiceService, { checkInvoiceChain: () => ({
        records: 4n,
        submission: {
          sending: true,
          environment: "production",
          certificateExpireTime: { seconds: 1830297600n, nanos: 0 },
          answers: [{ submissionId: 3n, estadoEnvio: "Correcto", csv: "A-Y23JP3582934", records: 1n, answerTime: { seconds: 1814000000n, nanos: 0 } }],
          byState: [{ state: "accepted", records: 3n }, { state: "partially_accepted", records: 1n }],
          refused: [
            { recordId: 2n, seriesNumber: "FS2027-000002", estadoRegistro: "Incorrecto", errorCode: 1100, errorDescription: "Valor o tipo incorrecto del campo.", correctionRecordId: 4n },
            { recordId: 4n, seriesNumber: "FS2027-000002", estadoRegistro: "AceptadoConErrores", errorCode: 2000, errorDescription: "El cálculo de la huella suministrada es incorrecta.", correctionRecordId: 0n },
          ],
        },
      }) }),
  );
  await user.click(await screen.findByRole("button", { name: "Verificar a cadeia" }));
  expect(await screen.findByText("Os registos são enviados à AEAT (produção).")).toBeVisible();
  expect(screen.getByText(/O certificado com que são enviados caduca a/)).toBeVisible();
  expect(screen.getByText("Aceites: 3")).toBeVisible();
  expect(screen.getByText(/^Mensagem 3 \(1 registo\), .*: aceite\. CSV A-Y23JP3582934\.$/)).toBeVisible();
  expect(screen.getByText("Em mensagens aceites em parte: 1")).toBeVisible();
  expect(screen.getByText(/Registo 2 \(fatura FS2027-000002\), rejeitado 1100: Valor o tipo incorrecto del campo\. Corrigido pelo registo 4/)).toBeVisible();
  expect(screen.getByText(/Registo 4 \(fatura FS2027-000002\), aceite com erros 2000: .* Por corrigir/)).toBeVisible();
});

it("downloads the accountant's register and payments for the Madrid days chosen", async () => {
  const periods: { firstDay: string; lastDay: string }[] = [];
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(AdminInvoiceService, { exportInvoiceRegister: (req) => {
        periods.push({ firstDay: req.period?.firstDay ?? "", lastDay: req.period?.lastDay ?? "" });
        return { csv: new TextEncoder().encode("serie\n"), fileName: "facturas.csv" };
      }, exportPayments: (req) => {
        periods.push({ firstDay: req.period?.firstDay ?? "", lastDay: req.period?.lastDay ?? "" });
        return { csv: new TextEncoder().encode("fecha\n"), fileName: "cobros.csv" };
      } }),
  );
  URL.createObjectURL = () => "blob:csv";
  URL.revokeObjectURL = () => undefined;
  const from = await screen.findByLabelText("De");
  const to = screen.getByLabelText("Até (incluído)");
  await user.clear(from);
  await user.type(from, "2026-11-30");
  await user.clear(to);
  await user.type(to, "2026-11-01");
  expect(screen.getByText("O último dia não pode ser anterior ao primeiro.")).toHaveAttribute("role", "alert");
  expect(screen.getByRole("button", { name: "Descarregar registo de faturas" })).toBeDisabled();
  await user.clear(from);
  await user.type(from, "2026-10-01");
  await user.clear(to);
  await user.type(to, "2026-12-31");
  await user.click(screen.getByRole("button", { name: "Descarregar registo de faturas" }));
  await user.click(await screen.findByRole("button", { name: "Descarregar recebimentos e reembolsos" }));
  await waitFor(() => expect(periods).toHaveLength(2));
  expect(periods).toEqual([
    { firstDay: "2026-10-01", lastDay: "2026-12-31" },
    { firstDay: "2026-10-01", lastDay: "2026-12-31" },
  ]);
});

it("lists, after a restore, the records the AEAT has and the shop lacks, and says when invoicing resumes", async () => {
  let held = true;
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(AdminInvoiceService, { recheckInvoicingHold: () => held
        ? { hold: {
            held: true,
            heldSince: { seconds: 1814000000n, nanos: 0 },
            checkTime: { seconds: 1814000600n, nanos: 0 },
            aeatHeadNumber: "FS2027-000003",
            aeatHeadHash: "AAAABBBBCCCCDDDDEEEE",
            localHeadHash: "1111222233334444",
            missing: [{ seriesNumber: "FS2027-000002", issueDate: "01-07-2027", hash: "99998888", state: "Correcto", generatedAt: "2027-07-01T12:00:00+02:00" }],
          } }
        : { hold: { held: false, checkTime: { seconds: 1814001200n, nanos: 0 } }, issued: 2 } }),
  );
  await user.click(await screen.findByRole("button", { name: "Verificar com a AEAT" }));
  expect(await screen.findByText(/^Faturação parada desde/)).toBeVisible();
  expect(screen.getByText("Último registo na AEAT: FS2027-000003 (impressão AAAABBBBCCCCDDDD). Último registo aqui: impressão 1111222233334444.")).toBeVisible();
  expect(screen.getByText("FS2027-000002 de 01-07-2027: aceite, gerado em 2027-07-01T12:00:00+02:00, impressão 99998888.")).toBeVisible();
  held = false;
  await user.click(screen.getByRole("button", { name: "Verificar com a AEAT" }));
  expect(await screen.findByText("As cadeias coincidem: faturação retomada; 2 faturas pendentes emitidas.")).toBeVisible();
});

it("shows the declaración responsable with the build's version", async () => {
  const { user } = renderAdmin("/admin/invoices", (router) =>
    router.service(AdminInvoiceService, { checkInvoiceChain: () => ({
        records: 1n,
        declaration: { producerName: "Sabores del Mundo S.L.", producerNif: "B12345674", systemName: "Sabores shopd", systemId: "SB", version: "v1.4.0", installation: "1", commit: "abc123" },
      }) }),
  );
  await user.click(await screen.findByRole("button", { name: "Verificar a cadeia" }));
  expect(await screen.findByText(/^Sabores del Mundo S\.L\. \(NIF B12345674\), produtor do sistema informático de faturação «Sabores shopd» \(IdSistemaInformatico SB\), versão v1\.4\.0/)).toBeVisible();
  expect(screen.getByText("Número de instalação 1; compilação abc123.")).toBeVisible();
});
