package invoicing_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/invoicing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// bundle is a shop with two shoppers, an admin, and Ana's paid order with
// its simplified invoice.
type bundle struct {
	pool           *pgxpool.Pool
	svc            *invoicing.Service
	ana, bea, boss context.Context
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
	boss := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "boss"})
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
		pool: pool, svc: invoicing.New(pool, invoicer, invoice.QRTestURL),
		ana: as(ana, auth.RoleClient), bea: as(bea, auth.RoleClient), boss: as(boss, auth.RoleAdmin),
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

// TestBackOffice: the admin downloads any invoice, checks the chain and
// exports the register, each audited.
func TestBackOffice(t *testing.T) {
	t.Parallel()
	b := setup(t)
	list, err := b.svc.ListOrderInvoices(b.boss, connect.NewRequest(&saboresv1.ListOrderInvoicesRequest{OrderId: b.order}))
	if err != nil || len(list.Msg.GetInvoices()) != 1 {
		t.Fatalf("ListOrderInvoices: %v %v", list, err)
	}
	if _, err := b.svc.GetInvoicePdf(b.boss, connect.NewRequest(&saboresv1.GetInvoicePdfRequest{InvoiceId: b.invoice})); err != nil {
		t.Fatal(err)
	}
	_, err = b.svc.GetInvoicePdf(b.boss, connect.NewRequest(&saboresv1.GetInvoicePdfRequest{InvoiceId: b.invoice + 100}))
	if code := connecttest.Code(err); code != connect.CodeNotFound {
		t.Errorf("unknown invoice: %v", code)
	}
	check, err := b.svc.CheckInvoiceChain(b.boss, connect.NewRequest(&saboresv1.CheckInvoiceChainRequest{}))
	if err != nil || check.Msg.GetRecords() != 1 || len(check.Msg.GetBreaks()) != 0 {
		t.Fatalf("CheckInvoiceChain: %v %v", check, err)
	}
	if sub := check.Msg.GetSubmission(); sub.GetUnsubmittedRecords() != 1 || sub.GetReadyRecords() != 0 || sub.GetLastPrepareTime() != nil {
		t.Errorf("submission before the job ran: %v, want the one record waiting", sub)
	}
	today := time.Now().Format(time.DateOnly)
	period := &saboresv1.AccountingPeriod{FirstDay: time.Now().AddDate(0, 0, -1).Format(time.DateOnly), LastDay: time.Now().AddDate(0, 0, 1).Format(time.DateOnly)}
	csv, err := b.svc.ExportInvoiceRegister(b.boss, connect.NewRequest(&saboresv1.ExportInvoiceRegisterRequest{Period: period}))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(csv.Msg.GetCsv(), []byte(","+list.Msg.GetInvoices()[0].GetNumber()+",")) || !strings.HasPrefix(csv.Msg.GetFileName(), "facturas_") {
		t.Errorf("register %s:\n%s", csv.Msg.GetFileName(), csv.Msg.GetCsv())
	}
	payments, err := b.svc.ExportPayments(b.boss, connect.NewRequest(&saboresv1.ExportPaymentsRequest{Period: period}))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(payments.Msg.GetCsv(), []byte("fecha,hora,pedido,")) || !strings.HasPrefix(payments.Msg.GetFileName(), "cobros_") {
		t.Errorf("payments %s:\n%s", payments.Msg.GetFileName(), payments.Msg.GetCsv())
	}
	for _, p := range []*saboresv1.AccountingPeriod{
		{FirstDay: today, LastDay: time.Now().AddDate(2, 0, 0).Format(time.DateOnly)},
		{FirstDay: today, LastDay: time.Now().AddDate(0, 0, -1).Format(time.DateOnly)},
		{FirstDay: "2026-02-30", LastDay: today},
	} {
		_, err = b.svc.ExportInvoiceRegister(b.boss, connect.NewRequest(&saboresv1.ExportInvoiceRegisterRequest{Period: p}))
		if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != "period" {
			t.Errorf("export of %v: %v %s", p, code, field)
		}
	}
	for _, action := range []string{"invoice.download", "invoice.chain_check", "invoice.register_export", "invoice.payments_export"} {
		if n := b.audits(t, action); n != 1 {
			t.Errorf("%s audited %d times, want 1", action, n)
		}
	}
}
