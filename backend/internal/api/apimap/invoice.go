package apimap

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

var invoiceKinds = map[invoice.Kind]saboresv1.InvoiceKind{
	invoice.Simplified: saboresv1.InvoiceKind_INVOICE_KIND_SIMPLIFIED,
	invoice.Complete:   saboresv1.InvoiceKind_INVOICE_KIND_COMPLETE,
	invoice.Corrective: saboresv1.InvoiceKind_INVOICE_KIND_CORRECTIVE,
}

// Invoice maps a stored invoice.
func Invoice(inv db.Invoice) *saboresv1.Invoice {
	return &saboresv1.Invoice{
		Id: inv.ID, Number: inv.SeriesNumber, Kind: invoiceKinds[invoice.Kind(inv.Kind)], OrderId: inv.OrderID,
		IssueTime: timestamppb.New(inv.IssuedAt), TotalCents: inv.TotalCents,
	}
}

// Invoices maps an order's stored invoices.
func Invoices(rows []db.Invoice) []*saboresv1.Invoice {
	list := make([]*saboresv1.Invoice, 0, len(rows))
	for _, r := range rows {
		list = append(list, Invoice(r))
	}
	return list
}

// InvoiceLanguage is the language code invoice.RenderPDF draws in: Spanish
// unless Portuguese is asked for.
func InvoiceLanguage(lang saboresv1.InvoiceLanguage) string {
	if lang == saboresv1.InvoiceLanguage_INVOICE_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}
