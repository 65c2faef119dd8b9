import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BackLink } from "@/components/ui/back-link";
import {
  pdfLanguage,
  useCheckInvoiceChain,
  useDownloadAnyInvoice,
  useOrderInvoices,
  useRecheckInvoicingHold,
} from "@/features/admin/invoices/api/invoices";
import { AccountantExport } from "@/features/admin/invoices/components/accountant-export";
import { formatDate } from "@/lib/format-date";
import type { InvoicingHold, SoftwareDeclaration, VerifactuSubmission } from "@gen/sabores/v1/admin_invoice_service_pb";

/** Invoices is the back office's invoice desk: any order's invoices, the VeriFactu chain check and the accountant's export. */
export default function Invoices() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-8">
      <BackLink to="/admin">{t("backToAdmin")}</BackLink>
      <h1 className="text-2xl font-bold">{t("nav.invoices")}</h1>
      <OrderInvoices />
      <ChainCheck />
      <RestoreHold />
      <AccountantExport />
    </div>
  );
}

function OrderInvoices() {
  const { t, i18n } = useTranslation("admin");
  const [orderId, setOrderId] = useState(0n);
  const invoices = useOrderInvoices(orderId);
  const download = useDownloadAnyInvoice();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get("order") ?? "");
    setOrderId(/^[0-9]{1,15}$/.test(value) ? BigInt(value) : 0n);
  };
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">{t("invoices.orderTitle")}</h2>
      <form className="flex flex-wrap items-end gap-2" onSubmit={onSubmit}>
        <label className="grid gap-1">
          {t("invoices.orderId")}
          <input name="order" inputMode="numeric" className="rounded border px-2 py-1" />
        </label>
        <button type="submit" className="btn btn-outline">
          {t("invoices.find")}
        </button>
      </form>
      {invoices.isSuccess && invoices.data.invoices.length === 0 && <p>{t("invoices.none")}</p>}
      <ul className="space-y-1">
        {invoices.data?.invoices.map((inv) => (
          <li key={String(inv.id)} className="flex flex-wrap items-center gap-2">
            <span>
              {t(`invoices.kind.${inv.kind}`)} {inv.number}
            </span>
            <button
              type="button"
              className="btn btn-outline"
              disabled={download.isPending}
              onClick={() => download.mutate({ invoiceId: inv.id, language: pdfLanguage(i18n.language) })}
            >
              {t("invoices.download")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChainCheck() {
  const { t } = useTranslation("admin");
  const check = useCheckInvoiceChain();
  const res = check.data;
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">{t("invoices.chainTitle")}</h2>
      <p className="text-sm text-stone-700">{t("invoices.chainHint")}</p>
      <button type="button" className="btn btn-primary" disabled={check.isPending} onClick={() => check.mutate({})}>
        {t("invoices.chainCheck")}
      </button>
      {res && res.breaks.length === 0 && <p role="status">{t("invoices.chainIntact", { count: Number(res.records) })}</p>}
      {res && res.breaks.length > 0 && (
        <div role="alert" className="rounded border border-red-400 bg-red-50 p-3">
          <p className="font-semibold">{t("invoices.chainBroken", { count: res.breaks.length })}</p>
          <ul className="list-disc pl-5">
            {res.breaks.map((b) => (
              <li key={`${b.recordId}-${b.problem}`}>
                {t("invoices.record", { id: String(b.recordId) })}: {t(`invoices.problem.${b.problem}`, { defaultValue: b.problem })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {res?.submission && <SubmissionStatus submission={res.submission} />}
      {res?.hold?.held && <HoldStatus hold={res.hold} />}
      {res?.declaration && <Declaration declaration={res.declaration} />}
      {check.isError && <p role="alert">{t("invoices.failed")}</p>}
    </section>
  );
}

/** SubmissionStatus says where the records stand on their way to the AEAT: prepared, sent and answered, refused and what the shop did, and the certificate. */
function SubmissionStatus({ submission }: { submission: VerifactuSubmission }) {
  const { t, i18n } = useTranslation("admin");
  const when = (ts: Timestamp) => formatDate(timestampDate(ts), i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const last = submission.lastPrepareTime;
  const expiry = submission.certificateExpireTime;
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
      <p className="font-semibold">{t("invoices.submissionTitle")}</p>
      {submission.sending ? (
        <p>{t("invoices.submissionSending", { environment: t(`invoices.environment.${submission.environment}`, { defaultValue: submission.environment }) })}</p>
      ) : (
        <p>{t("invoices.submissionCertificate")}</p>
      )}
      {expiry && <p>{t("invoices.submissionCertificateExpiry", { date: when(expiry) })}</p>}
      <p>{t("invoices.submissionReady", { count: Number(submission.readyRecords) })}</p>
      {submission.unsubmittedRecords > 0n && <p>{t("invoices.submissionWaiting", { count: Number(submission.unsubmittedRecords) })}</p>}
      {last && <p>{t("invoices.submissionLast", { date: when(last) })}</p>}
      {submission.byState.length > 0 && (
        <ul>
          {submission.byState.map((s) => (
            <li key={s.state}>
              {t("invoices.submissionStateCount", { state: t(`invoices.submissionState.${s.state}`, { defaultValue: s.state }), count: Number(s.records) })}
            </li>
          ))}
        </ul>
      )}
      {submission.answers.length > 0 && (
        <>
          <p className="mt-2 font-semibold">{t("invoices.answersTitle")}</p>
          <ul>
            {submission.answers.map((a) => (
              <li key={String(a.submissionId)} className="break-all">
                {t("invoices.answer", {
                  id: String(a.submissionId),
                  estado: t(`invoices.estadoEnvio.${a.estadoEnvio}`, { defaultValue: a.estadoEnvio }),
                  count: Number(a.records),
                  date: a.answerTime ? when(a.answerTime) : "",
                })}{" "}
                {a.csv && t("invoices.answerCsv", { csv: a.csv })}
              </li>
            ))}
          </ul>
        </>
      )}
      {submission.refused.length > 0 && (
        <>
          <p className="mt-2 font-semibold">{t("invoices.refusedTitle")}</p>
          <ul>
            {submission.refused.map((r) => (
              <li key={String(r.recordId)}>
                {t("invoices.refusedRecord", {
                  id: String(r.recordId),
                  number: r.seriesNumber,
                  estado: t(`invoices.estado.${r.estadoRegistro}`, { defaultValue: r.estadoRegistro }),
                  code: r.errorCode || "",
                  description: r.errorDescription,
                })}{" "}
                {r.correctionRecordId > 0n ? t("invoices.refusedCorrected", { id: String(r.correctionRecordId) }) : t("invoices.refusedWaiting")}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** RestoreHold lets the owner compare the chain with the AEAT's after a restore; invoicing resumes when they match. */
function RestoreHold() {
  const { t } = useTranslation("admin");
  const recheck = useRecheckInvoicingHold();
  const res = recheck.data;
  return (
    <section className="space-y-2" aria-labelledby="hold-title">
      <h2 id="hold-title" className="text-lg font-semibold">
        {t("invoices.holdTitle")}
      </h2>
      <p className="text-sm text-stone-700">{t("invoices.holdHint")}</p>
      <button type="button" className="btn btn-outline" disabled={recheck.isPending} onClick={() => recheck.mutate({})}>
        {t("invoices.holdRecheck")}
      </button>
      {res?.hold?.held && <HoldStatus hold={res.hold} />}
      {res && !res.hold?.held && (
        <p role="status">{res.issued > 0 || res.hold?.checkTime ? t("invoices.holdLifted", { count: res.issued }) : t("invoices.holdNone")}</p>
      )}
      {recheck.isError && <p role="alert">{t("invoices.holdFailed")}</p>}
    </section>
  );
}

/** HoldStatus says why invoicing is held after a restore: the heads compared and the records the AEAT has that the shop lacks. */
function HoldStatus({ hold }: { hold: InvoicingHold }) {
  const { t, i18n } = useTranslation("admin");
  const when = (ts: Timestamp) => formatDate(timestampDate(ts), i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div role="alert" className="rounded border border-red-400 bg-red-50 p-3 text-sm">
      {hold.heldSince && <p className="font-semibold">{t("invoices.holdHeld", { date: when(hold.heldSince) })}</p>}
      {hold.checkTime && <p>{t("invoices.holdChecked", { date: when(hold.checkTime) })}</p>}
      {hold.checkError && <p>{t("invoices.holdError", { error: hold.checkError })}</p>}
      {hold.aeatHeadNumber && (
        <p className="break-all">
          {t("invoices.holdHeads", { aeat: hold.aeatHeadNumber, aeatHash: hold.aeatHeadHash.slice(0, 16), local: hold.localHeadHash.slice(0, 16) })}
        </p>
      )}
      {hold.missing.length > 0 && (
        <>
          <p className="mt-2 font-semibold">{t("invoices.holdMissingTitle")}</p>
          <ul className="list-disc pl-5">
            {hold.missing.map((m) => (
              <li key={`${m.seriesNumber}-${m.issueDate}`} className="break-all">
                {t("invoices.holdMissing", {
                  number: m.seriesNumber,
                  date: m.issueDate,
                  state: t(`invoices.estado.${m.state}`, { defaultValue: m.state }),
                  generated: m.generatedAt,
                  hash: m.hash.slice(0, 16),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-2">{t("invoices.holdMissingAction")}</p>
        </>
      )}
    </div>
  );
}

/** Declaration is the system's declaración responsable, with the identity and version its records carry. */
function Declaration({ declaration }: { declaration: SoftwareDeclaration }) {
  const { t } = useTranslation("admin");
  return (
    <div className="rounded border border-stone-300 p-3 text-sm">
      <h3 className="font-semibold">{t("invoices.declarationTitle")}</h3>
      <p>
        {t("invoices.declarationText", {
          producer: declaration.producerName || t("invoices.declarationProducerMissing"),
          nif: declaration.producerNif || "—",
          system: declaration.systemName,
          id: declaration.systemId,
          version: declaration.version,
        })}
      </p>
      <p>{t("invoices.declarationRequirements")}</p>
      <p className="break-all text-stone-700">{t("invoices.declarationBuild", { installation: declaration.installation, commit: declaration.commit })}</p>
    </div>
  );
}
