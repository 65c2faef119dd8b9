package invoiceapi_test

import (
	"bytes"
	"context"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/invoiceapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// bundle is a shop with two shoppers and Ana's paid order with
// its simplified invoice.
type bundle struct {
	pool           *pgxpool.Pool
	svc            *invoiceapi.Handler
	ana, bea       context.Context
	order, invoice int64
	unpaid         int64
}

var issuer = invoice.StaticIssuer{Name: "Sabores S.L.", NIF: "B12345674", Address: "Calle Mayor 1, 28013 Madrid"}

func setup(t *testing.T) bundle {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	ana := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	bea := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "bea"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000})
	lines := []dbtest.SoldLine{{ProductID: product, Quantity: 3, UnitPriceCents: 250, VATBasisPoints: 1000}}
	orderID := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: ana, Lines: lines})
	unpaid := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: ana, PaymentStatus: "awaiting_payment", Lines: lines})
	invoicer := invoice.Invoicer{Issuer: issuer}
	var invoiceID int64
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		inv, err := invoicer.IssueForPaidOrder(ctx, tx, orderID)
		invoiceID = inv.ID
		return err
	}); err != nil {
		t.Fatal(err)
	}
	as := func(id int64, role auth.Role) context.Context {
		return auth.WithPrincipal(ctx, auth.Principal{UserID: id, Role: role})
	}
	return bundle{
		pool: pool, svc: invoiceapi.New(pool, invoicer),
		ana: as(ana, auth.RoleClient), bea: as(bea, auth.RoleClient),
		order: orderID, invoice: invoiceID, unpaid: unpaid,
	}
}

func (b bundle) audits(t *testing.T, action string) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM audit_events WHERE action = $1`, action).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestShopperSeesOnlyTheirInvoices: Ana lists and downloads her invoice;
// Bea gets NotFound for Ana's order and invoice.
func TestShopperSeesOnlyTheirInvoices(t *testing.T) {
	t.Parallel()
	b := setup(t)
	list, err := b.svc.ListMyInvoices(b.ana, connect.NewRequest(&saboresv1.ListMyInvoicesRequest{OrderId: b.order}))
	if err != nil {
		t.Fatal(err)
	}
	if got := list.Msg.GetInvoices(); len(got) != 1 || got[0].GetKind() != saboresv1.InvoiceKind_INVOICE_KIND_SIMPLIFIED || got[0].GetTotalCents() != 750 {
		t.Fatalf("invoices %v", got)
	}
	pdf, err := b.svc.GetMyInvoicePdf(b.ana, connect.NewRequest(&saboresv1.GetMyInvoicePdfRequest{
		InvoiceId: b.invoice, Language: saboresv1.InvoiceLanguage_INVOICE_LANGUAGE_PT,
	}))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf.Msg.GetPdf(), []byte("%PDF-")) || pdf.Msg.GetFileName() != list.Msg.GetInvoices()[0].GetNumber()+".pdf" {
		t.Errorf("PDF %q named %q", pdf.Msg.GetPdf()[:min(8, len(pdf.Msg.GetPdf()))], pdf.Msg.GetFileName())
	}
	_, err = b.svc.ListMyInvoices(b.bea, connect.NewRequest(&saboresv1.ListMyInvoicesRequest{OrderId: b.order}))
	if code := connecttest.Code(err); code != connect.CodeNotFound {
		t.Errorf("Bea lists Ana's invoices: %v", code)
	}
	_, err = b.svc.GetMyInvoicePdf(b.bea, connect.NewRequest(&saboresv1.GetMyInvoicePdfRequest{InvoiceId: b.invoice}))
	if code := connecttest.Code(err); code != connect.CodeNotFound {
		t.Errorf("Bea downloads Ana's invoice: %v", code)
	}
	_, err = b.svc.RequestCompleteInvoice(b.bea, connect.NewRequest(&saboresv1.RequestCompleteInvoiceRequest{
		OrderId: b.order, TaxId: "12345678Z", Name: "Bea", Address: "Calle 3",
	}))
	if code := connecttest.Code(err); code != connect.CodeNotFound {
		t.Errorf("Bea asks for a complete invoice of Ana's order: %v", code)
	}
}

// TestRequestCompleteInvoice checks the tax id, refuses unpaid orders and a
// second request, and audits the one issued.
func TestRequestCompleteInvoice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	req := func(order int64, taxID string) error {
		_, err := b.svc.RequestCompleteInvoice(b.ana, connect.NewRequest(&saboresv1.RequestCompleteInvoiceRequest{
			OrderId: order, TaxId: taxID, Name: "Ana Souza", Address: "Rua 1, Lisboa",
		}))
		return err
	}
	for _, tc := range []struct {
		name   string
		order  int64
		taxID  string
		code   connect.Code
		detail string
	}{
		{"wrong control letter", b.order, "12345678A", connect.CodeInvalidArgument, "tax_id"},
		{"unpaid order", b.unpaid, "12345678Z", connect.CodeFailedPrecondition, "ORDER_NOT_PAID"},
	} {
		if code, detail := connecttest.Detail(t, req(tc.order, tc.taxID)); code != tc.code || detail != tc.detail {
			t.Errorf("%s: %v %s, want %v %s", tc.name, code, detail, tc.code, tc.detail)
		}
	}
	res, err := b.svc.RequestCompleteInvoice(b.ana, connect.NewRequest(&saboresv1.RequestCompleteInvoiceRequest{
		OrderId: b.order, TaxId: "x-1234567-l", Name: "Ana Souza", Address: "Rua 1, Lisboa",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if res.Msg.GetInvoice().GetKind() != saboresv1.InvoiceKind_INVOICE_KIND_COMPLETE {
		t.Errorf("invoice %v", res.Msg.GetInvoice())
	}
	if code, reason := connecttest.Detail(t, req(b.order, "12345678Z")); code != connect.CodeFailedPrecondition || reason != "COMPLETE_INVOICE_EXISTS" {
		t.Errorf("second request: %v %s", code, reason)
	}
	if n := b.audits(t, "invoice.complete"); n != 1 {
		t.Errorf("%d audit events, want 1", n)
	}
}
