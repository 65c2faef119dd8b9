package admininvoiceapi_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/admininvoiceapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/invoice"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// bundle is a shop with an admin and a shopper's paid order with its
// simplified invoice.
type bundle struct {
	pool           *pgxpool.Pool
	svc            *admininvoiceapi.Handler
	boss           context.Context
	order, invoice int64
}

var issuer = invoice.StaticIssuer{Name: "Sabores S.L.", NIF: "B12345674", Address: "Calle Mayor 1, 28013 Madrid"}

func setup(t *testing.T) bundle {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	ana := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	boss := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "boss"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{VATBasisPoints: 1000})
	lines := []dbtest.SoldLine{{ProductID: product, Quantity: 3, UnitPriceCents: 250, VATBasisPoints: 1000}}
	orderID := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: ana, Lines: lines})
	invoicer := invoice.Invoicer{Issuer: issuer}
	var invoiceID int64
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		inv, err := invoicer.IssueForPaidOrder(ctx, tx, orderID)
		invoiceID = inv.ID
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return bundle{
		pool: pool, svc: admininvoiceapi.New(pool),
		boss:  auth.WithPrincipal(ctx, auth.Principal{UserID: boss, Role: auth.RoleAdmin}),
		order: orderID, invoice: invoiceID,
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
