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

// TestStatsFoldJobEmptiesTheDeltas: the periodic job folds an order's
// statistics deltas into the rollups, where the dashboard finds them.
func TestStatsFoldJobEmptiesTheDeltas(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{})
	dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product, Quantity: 3}}})
	pending := func() int {
		var n int
		if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM order_stats_day_deltas)
			+ (SELECT count(*) FROM order_stats_product_deltas)`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if pending() != 2 {
		t.Fatalf("%d deltas after one order of one line, want 2", pending())
	}
	c, err := jobs.NewClient(pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows(), StatsFoldInterval: 200 * time.Millisecond})
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
	testwait.Until(t, 10*time.Second, "the deltas folded", func() bool { return pending() == 0 })
	var orders, units int64
	if err := pool.QueryRow(ctx, `SELECT (SELECT sum(order_count) FROM order_stats_days),
		(SELECT quantity FROM order_stats_products WHERE product_id = $1)`, product).Scan(&orders, &units); err != nil {
		t.Fatal(err)
	}
	if orders != 1 || units != 3 {
		t.Errorf("rollups hold %d orders and %d units, want 1 and 3", orders, units)
	}
}
