package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
)

// TestLotsPassBlocksUseByLots: the lots' pass, run as a scheduler starts,
// blocks a use-by lot within the margin on the clock it is given (a fixed
// 2027-03-10) and leaves a later one on sale.
func TestLotsPassBlocksUseByLots(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 5})
	for _, sql := range []string{
		`INSERT INTO lots (product_id, code, expires_on, date_type) VALUES ($1, 'SOON', '2027-03-12', 'use_by'), ($1, 'LATER', '2027-04-12', 'use_by')`,
		`UPDATE lots SET remaining = CASE code WHEN 'SOON' THEN 2 WHEN 'LATER' THEN 3 ELSE 0 END WHERE product_id = $1`,
	} {
		if _, err := pool.Exec(ctx, sql, product); err != nil {
			t.Fatal(err)
		}
	}
	now := func() time.Time { return time.Date(2027, 3, 10, 9, 0, 0, 0, time.UTC) }
	c, err := jobs.NewClient(pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows(), Lots: lots.New(pool, now)})
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
	stock := func() (n int32) {
		if err := pool.QueryRow(ctx, `SELECT stock FROM products WHERE id = $1`, product).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	testwait.Until(t, 20*time.Second, "the SOON lot blocked", func() bool { return stock() == 3 })
	var soon, later string
	if err := pool.QueryRow(ctx, `SELECT
		(SELECT remaining || '/' || blocked || '/' || coalesce(blocked_reason, '') FROM lots WHERE product_id = $1 AND code = 'SOON'),
		(SELECT remaining || '/' || blocked || '/' || coalesce(blocked_reason, '') FROM lots WHERE product_id = $1 AND code = 'LATER')`, product).Scan(&soon, &later); err != nil {
		t.Fatal(err)
	}
	if soon != "0/2/use_by" || later != "3/0/" {
		t.Errorf("SOON %s, LATER %s; want SOON's 2 units blocked (use_by) and LATER's 3 on sale", soon, later)
	}
}
