import { createConnectQueryKey, useMutation, useQuery, useTransport } from "@connectrpc/connect-query";
import { useQueryClient } from "@tanstack/react-query";
import { saveFile } from "@/lib/save-file";
import { InvoiceLanguage } from "@gen/sabores/v1/invoice_pb";
import { InvoiceService } from "@gen/sabores/v1/invoice_service_pb";

/** useMyInvoices loads the invoices of one of the client's orders once enabled. */
export function useMyInvoices(orderId: bigint, enabled: boolean) {
  return useQuery(InvoiceService.method.listMyInvoices, { orderId }, { enabled });
}

/** useRequestCompleteInvoice asks for a complete invoice; the order's invoice list reloads after. */
export function useRequestCompleteInvoice(orderId: bigint) {
  const queryClient = useQueryClient();
  const listKey = createConnectQueryKey({
    schema: InvoiceService.method.listMyInvoices,
    transport: useTransport(),
    cardinality: "finite",
    input: { orderId },
  });
  return useMutation(InvoiceService.method.requestCompleteInvoice, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** invoiceLanguage is the PDF language for the app's language: Portuguese or else Spanish. */
export function invoiceLanguage(language: string): InvoiceLanguage {
  return language.startsWith("pt") ? InvoiceLanguage.PT : InvoiceLanguage.ES;
}

/** useDownloadInvoice fetches an invoice's PDF and hands it to the browser as a download. */
export function useDownloadInvoice() {
  return useMutation(InvoiceService.method.getMyInvoicePdf, {
    onSuccess: (res) => saveFile(res.pdf, res.fileName, "application/pdf"),
  });
}
