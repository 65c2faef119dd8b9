import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Code } from "@connectrpc/connect";
import { InvoiceKind } from "@gen/sabores/v1/invoice_pb";
import { errorCode, errorInfos } from "@/lib/connect-errors";
import { invoiceLanguage, useDownloadInvoice, useMyInvoices, useRequestCompleteInvoice } from "../api/invoices";

/** OrderInvoices lists an order's invoices for download, loaded when asked, and the complete-invoice request. */
export function OrderInvoices({ orderId }: { orderId: bigint }) {
  const { t, i18n } = useTranslation("account");
  const [open, setOpen] = useState(false);
  const invoices = useMyInvoices(orderId, open);
  const download = useDownloadInvoice();
  if (!open) {
    return (
      <button type="button" className="mt-2 text-brand-700 underline" onClick={() => setOpen(true)}>
        {t("invoices.show")}
      </button>
    );
  }
  const list = invoices.data?.invoices ?? [];
  const hasComplete = list.some((i) => i.kind === InvoiceKind.COMPLETE);
  return (
    <section className="mt-3" aria-label={t("invoices.title")}>
      <h3 className="font-medium">{t("invoices.title")}</h3>
      {invoices.isSuccess && list.length === 0 && <p className="text-stone-600">{t("invoices.none")}</p>}
      <ul className="mt-1 space-y-1">
        {list.map((inv) => (
          <li key={String(inv.id)} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {t(`invoices.kind.${inv.kind}`)} {inv.number}
            </span>
            <button
              type="button"
              className="rounded border border-brand-700 px-2 py-1 text-brand-700"
              disabled={download.isPending}
              onClick={() => download.mutate({ invoiceId: inv.id, language: invoiceLanguage(i18n.language) })}
            >
              {t("invoices.download")}
            </button>
          </li>
        ))}
      </ul>
      {download.isError && <p role="alert">{t("invoices.downloadError")}</p>}
      {list.length > 0 && !hasComplete && <CompleteInvoiceForm orderId={orderId} />}
    </section>
  );
}

/** CompleteInvoiceForm asks for a complete invoice with the buyer's NIF, name and address. */
function CompleteInvoiceForm({ orderId }: { orderId: bigint }) {
  const { t } = useTranslation("account");
  const request = useRequestCompleteInvoice(orderId);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    request.mutate({
      orderId,
      taxId: String(form.get("taxId") ?? ""),
      name: String(form.get("name") ?? ""),
      address: String(form.get("address") ?? ""),
    });
  };
  const reason = errorInfos(request.error)[0]?.reason;
  const error = !request.isError
    ? ""
    : reason
      ? t(`invoices.reason.${reason}`, { defaultValue: t("invoices.requestError") })
      : errorCode(request.error) === Code.InvalidArgument
        ? t("invoices.invalidTaxId")
        : t("invoices.requestError");
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-brand-700">{t("invoices.askComplete")}</summary>
      <form className="mt-2 grid gap-2" onSubmit={onSubmit}>
        <label className="grid gap-1">
          {t("invoices.taxId")}
          <input name="taxId" required minLength={9} maxLength={20} className="rounded border px-2 py-1" />
        </label>
        <label className="grid gap-1">
          {t("invoices.name")}
          <input name="name" required maxLength={120} className="rounded border px-2 py-1" />
        </label>
        <label className="grid gap-1">
          {t("invoices.address")}
          <input name="address" required maxLength={300} className="rounded border px-2 py-1" />
        </label>
        {error && <p role="alert">{error}</p>}
        <button type="submit" className="rounded bg-brand-700 px-3 py-1.5 text-white" disabled={request.isPending}>
          {t("invoices.submit")}
        </button>
      </form>
    </details>
  );
}
