package order_test

import (
	"context"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/shop/invoice"
)

// TestMarkPaidQueuesTheWholePayment: a transfer the desk marks paid takes
// the one path to paid, so its invoice's VeriFactu submission and the
// "payment received" e-mail are queued in the transaction that marks it,
// as for a card payment (before, the desk issued the invoice without
// queueing its submission).
func TestMarkPaidQueuesTheWholePayment(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	dbtest.ShopSettings(t, pool)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Workers: river.NewWorkers(), SkipUnknownJobCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	orders := order.New(pool).WithMailer(jobs.NewMailQueue(client, "pedidos@sabores.test")).
		WithInvoicer(invoice.Invoicer{Issuer: invoice.SettingsIssuer{}, Submissions: jobs.NewVerifactuQueue(client)})
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{PriceCents: 617, Stock: 10})
	id := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, PaymentStatus: "awaiting_payment", Lines: []dbtest.SoldLine{
		{ProductID: product, Quantity: 2, UnitPriceCents: 617, VATBasisPoints: 1000},
	}})
	if _, err := pool.Exec(ctx, `UPDATE orders SET payment_method = 'transfer', delivery_email = 'ana@example.com' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}

	paid, err := orders.MarkPaid(ctx, id, 0, "justificante")
	if err != nil {
		t.Fatal(err)
	}
	if paid.Row.PaymentStatus != "paid" {
		t.Errorf("payment status %q, want paid", paid.Row.PaymentStatus)
	}
	count := func(sql string) int {
		t.Helper()
		var n int
		if err := pool.QueryRow(ctx, sql, id).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified'`); n != 1 {
		t.Errorf("%d simplified invoices, want 1", n)
	}
	if n := count(`SELECT count(*) FROM verifactu_records r JOIN invoices i ON i.id = r.invoice_id WHERE i.order_id = $1`); n != 1 {
		t.Errorf("%d VeriFactu records, want 1", n)
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit' AND $1::bigint > 0`); n != 1 {
		t.Errorf("%d VeriFactu submissions queued, want 1", n)
	}
	if n := count(`SELECT count(*) FROM outbound_emails WHERE order_id = $1 AND kind = 'payment_received'`); n != 1 {
		t.Errorf("%d payment_received e-mails, want 1", n)
	}

	// A second confirmation is refused and queues nothing more.
	if _, err := orders.MarkPaid(ctx, id, 0, "justificante"); err == nil {
		t.Error("marking a paid order paid again was accepted")
	}
	if n := count(`SELECT count(*) FROM river_job WHERE kind = 'verifactu_submit' AND $1::bigint > 0`); n != 1 {
		t.Errorf("%d VeriFactu submissions queued after a repeat, want 1", n)
	}
}
