import { useMutation, useQuery } from "@connectrpc/connect-query";
import { saveFile } from "@/lib/save-file";
import { InvoiceLanguage } from "@gen/sabores/v1/invoice_pb";
import { invoiceService } from "@/features/admin/invoices/api/service";

/** useOrderInvoices loads any order's invoices once an order id is given. */
export function useOrderInvoices(orderId: bigint) {
  return useQuery(invoiceService.method.listOrderInvoices, { orderId }, { enabled: orderId > 0n });
}

/** useDownloadAnyInvoice fetches an invoice's PDF (audited) and downloads it. */
export function useDownloadAnyInvoice() {
  return useMutation(invoiceService.method.getInvoicePdf, {
    onSuccess: (res) => saveFile(res.pdf, res.fileName, "application/pdf"),
  });
}

/** useCheckInvoiceChain recomputes the VeriFactu chain on the server. */
export function useCheckInvoiceChain() {
  return useMutation(invoiceService.method.checkInvoiceChain);
}

/** useRecheckInvoicingHold compares the chain with the AEAT's after a restore, resuming invoicing when they match. */
export function useRecheckInvoicingHold() {
  return useMutation(invoiceService.method.recheckInvoicingHold);
}

/** useExportInvoiceRegister downloads the register of a period as CSV. */
export function useExportInvoiceRegister() {
  return useMutation(invoiceService.method.exportInvoiceRegister, {
    onSuccess: (res) => saveFile(res.csv, res.fileName, "text/csv"),
  });
}

/** useExportPayments downloads the payments and refunds of a period as CSV. */
export function useExportPayments() {
  return useMutation(invoiceService.method.exportPayments, {
    onSuccess: (res) => saveFile(res.csv, res.fileName, "text/csv"),
  });
}

/** pdfLanguage is the PDF language for the back office's language. */
export function pdfLanguage(language: string): InvoiceLanguage {
  return language.startsWith("pt") ? InvoiceLanguage.PT : InvoiceLanguage.ES;
}
