package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestContactsFoldJobListsNewOrders: an order written as the checkout
// writes it lists no contact; the periodic job lists it and moves the fold
// past it.
func TestContactsFoldJobListsNewOrders(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{})
	ord := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product, Quantity: 1}}})
	// folded says whether the order's contact is listed, its trigrams
	// counted (migration 00283), and the fold's position is past the order.
	folded := func() bool {
		var ok bool
		if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM order_contacts c JOIN orders o USING (contact_search) WHERE o.id = $1)
			AND NOT EXISTS (SELECT 1 FROM orders o, unnest(show_trgm(o.contact_search)) g
				WHERE o.id = $1 AND NOT EXISTS (SELECT 1 FROM order_contact_trigrams t WHERE t.trigram = g AND t.contacts > 0))
			AND (SELECT folded_to FROM order_contacts_folded) > (SELECT created_at FROM orders WHERE id = $1)`,
			ord).Scan(&ok); err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if folded() {
		t.Fatal("the order's contact is listed before any fold: the checkout would pay for it")
	}
	c, err := jobs.NewClient(pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows(), ContactsFoldInterval: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = c.Stop(stopCtx)
	})
	testwait.Until(t, 10*time.Second, "the order's contact folded", folded)
}
