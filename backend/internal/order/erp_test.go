package order_test

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// TestForERPGivesWhatAnERPBooksBy: the orders come in the order asked,
// an unknown (erased) one left out, each with its account's e-mail, its
// paid time when paid, its lines' SKU and EAN and its parcel's tracking.
func TestForERPGivesWhatAnERPBooksBy(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana", Email: "ana@example.com"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{SKU: "SKU-FAROFA", Stock: 10})
	if _, err := pool.Exec(ctx, `UPDATE products SET ean = '5601234567894' WHERE id = $1`, product); err != nil {
		t.Fatal(err)
	}
	paid := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
	unpaid := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, PaymentStatus: "awaiting_payment",
		Lines: []dbtest.SoldLine{{ProductID: product}}})
	if _, err := pool.Exec(ctx, `INSERT INTO order_events (order_id, machine, to_state, actor) VALUES ($1, 'payment', 'paid', 'system')`, paid); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE orders SET carrier = 'GLS', tracking_number = 'GLS123' WHERE id = $1`, paid); err != nil {
		t.Fatal(err)
	}
	got, err := order.New(pool).ForERP(ctx, []int64{unpaid, 999999, paid})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Row.ID != unpaid || got[1].Row.ID != paid {
		t.Fatalf("orders %v, want %d then %d", got, unpaid, paid)
	}
	if got[0].PaidAt != nil || got[1].PaidAt == nil {
		t.Errorf("paid times %v and %v, want none for the unpaid order and one for the paid", got[0].PaidAt, got[1].PaidAt)
	}
	for _, o := range got {
		if o.CustomerEmail != "ana@example.com" || len(o.Lines) != 1 {
			t.Errorf("order %d: e-mail %q and %d lines, want ana's and 1", o.Row.ID, o.CustomerEmail, len(o.Lines))
			continue
		}
		if c := o.Codes[o.Lines[0].ProductID]; c.SKU != "SKU-FAROFA" || c.EAN != "5601234567894" {
			t.Errorf("order %d: line codes %+v", o.Row.ID, c)
		}
	}
	if got[1].Row.TrackingNumber != "GLS123" {
		t.Errorf("tracking %q, want the order's GLS123", got[1].Row.TrackingNumber)
	}
}
