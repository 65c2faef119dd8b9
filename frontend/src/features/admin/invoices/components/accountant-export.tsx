import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useExportInvoiceRegister, useExportPayments } from "@/features/admin/invoices/api/invoices";

/** madridDay is today's calendar day in Madrid, YYYY-MM-DD: the shop books by Madrid's days. */
function madridDay(date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/**
 * AccountantExport downloads the accountant's two CSVs for a period of
 * Madrid days: the invoice register and the payments matched to orders.
 * The period defaults to the month so far; the server checks it again.
 */
export function AccountantExport() {
  const { t } = useTranslation("admin");
  const today = madridDay();
  const [first, setFirst] = useState(`${today.slice(0, 8)}01`);
  const [last, setLast] = useState(today);
  const register = useExportInvoiceRegister();
  const payments = useExportPayments();
  const backwards = first !== "" && last !== "" && last < first;
  const period = { firstDay: first, lastDay: last };
  const busy = register.isPending || payments.isPending;
  const failed = register.isError || payments.isError;
  return (
    <section aria-labelledby="accountant-title" className="space-y-2">
      <h2 id="accountant-title" className="text-lg font-semibold">
        {t("invoices.accountantTitle")}
      </h2>
      <p className="text-sm text-stone-700">{t("invoices.accountantHint")}</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1">
          {t("invoices.from")}
          <input type="date" value={first} required onChange={(e) => setFirst(e.target.value)} className="rounded border px-2 py-1" />
        </label>
        <label className="grid gap-1">
          {t("invoices.to")}
          <input
            type="date"
            value={last}
            required
            aria-invalid={backwards}
            aria-describedby={backwards ? "accountant-backwards" : undefined}
            onChange={(e) => setLast(e.target.value)}
            className="rounded border px-2 py-1"
          />
        </label>
      </div>
      {backwards && (
        <p id="accountant-backwards" role="alert" className="text-sm text-red-800">
          {t("invoices.backwards")}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" disabled={busy || backwards || !first || !last} onClick={() => register.mutate({ period })}>
          {t("invoices.exportRegister")}
        </button>
        <button type="button" className="btn btn-outline" disabled={busy || backwards || !first || !last} onClick={() => payments.mutate({ period })}>
          {t("invoices.exportPayments")}
        </button>
      </div>
      {busy && <p role="status">{t("invoices.exporting")}</p>}
      {failed && !busy && <p role="alert">{t("invoices.registerFailed")}</p>}
    </section>
  );
}
