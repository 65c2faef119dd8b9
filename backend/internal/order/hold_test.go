package order_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/aeat"
	"github.com/sabores/sabores/backend/internal/devaeat"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/order"
)

// TestPaidWhileInvoicingIsHeld: after a restore, an order paid before the
// chains were compared stays paid, with no invoice; once the development
// AEAT's records (none) match the chain, the hold lifts and the order gets
// its invoice.
func TestPaidWhileInvoicingIsHeld(t *testing.T) {
	t.Parallel()
	b := setupPayments(t)
	ctx := context.Background()
	if err := invoice.HoldInvoicing(ctx, b.pool, time.Now()); err != nil {
		t.Fatal(err)
	}
	id := b.order(t, "transfer", "awaiting_payment")
	if err := pgx.BeginFunc(ctx, b.pool, func(tx pgx.Tx) error {
		_, _, err := order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, Pay: order.Paid, Note: "TR-78"}, b.fx)
		return err
	}); err != nil {
		t.Fatalf("paying while invoicing is held: %v", err)
	}
	if got := b.text(t, `SELECT payment_status FROM orders WHERE id = $1`, id); got != "paid" {
		t.Errorf("payment %q, want paid", got)
	}
	if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1`, id); n != 0 {
		t.Fatalf("%d invoices while held, want 0", n)
	}

	ca, err := devaeat.NewAuthority()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(devaeat.New(nil))
	if srv.TLS, err = ca.ServerTLS(); err != nil {
		t.Fatal(err)
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	cert, err := ca.ClientCertificate("B12345674")
	if err != nil {
		t.Fatal(err)
	}
	hold, err := invoice.Invoicer{Issuer: invoice.SettingsIssuer{}}.CheckAfterRestore(ctx, b.pool, aeat.NewClient(srv.URL, cert, ca.Pool()))
	if err != nil {
		t.Fatal(err)
	}
	if hold.Held || hold.Issued != 1 {
		t.Errorf("hold %+v, want lifted with one invoice issued", hold)
	}
	if n := b.count(t, `SELECT count(*) FROM invoices WHERE order_id = $1 AND kind = 'simplified'`, id); n != 1 {
		t.Errorf("%d simplified invoices once lifted, want 1", n)
	}
}
