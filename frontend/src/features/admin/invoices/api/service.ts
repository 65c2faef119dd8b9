// The back-office service the invoices screen calls, the one module that names it: other
// resources import it only to refresh its queries' cache.
export { AdminInvoiceService as invoiceService } from "@gen/sabores/v1/admin_invoice_service_pb";
