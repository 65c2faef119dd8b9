// The one module naming the service the invoices screen calls, so that
// moving to AdminInvoiceService (issue 31) changes this import alone.
export { InvoiceService as invoiceService } from "@gen/sabores/v1/invoice_service_pb";
