package order_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// The dashboard's rollups (migration 00255) must equal counting over the
// orders, whatever happened to them and in whichever order. These tests
// drive orders through the shop's own state changes and compare.

// statsFigures are the dashboard's figures over all time: per Madrid day
// and per product, cancelled orders excluded.
type statsFigures struct {
	days     map[string][2]int64 // day → orders, revenue
	products map[int64][2]int64  // product → units, revenue
}

// countedFigures counts over the orders themselves: what the dashboard
// read per request before the rollups.
func countedFigures(t *testing.T, pool *pgxpool.Pool) statsFigures {
	t.Helper()
	return readFigures(t, pool,
		`SELECT to_char(timezone('Europe/Madrid', created_at)::date, 'YYYY-MM-DD'), count(*), sum(total_cents)::bigint
		 FROM orders WHERE status <> 'cancelled' GROUP BY 1`,
		`SELECT l.product_id, sum(l.quantity)::bigint, sum(l.line_total_cents)::bigint
		 FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled' GROUP BY 1`)
}

// rolledUpFigures reads the rollups plus the deltas not folded yet, as the
// dashboard's queries do, leaving out days and products that net to zero.
func rolledUpFigures(t *testing.T, pool *pgxpool.Pool) statsFigures {
	t.Helper()
	return readFigures(t, pool,
		`SELECT to_char(day, 'YYYY-MM-DD'), sum(n)::bigint, sum(r)::bigint FROM (
		   SELECT day, order_count AS n, revenue_cents AS r FROM order_stats_days
		   UNION ALL SELECT day, order_count, revenue_cents FROM order_stats_day_deltas) x
		 GROUP BY 1 HAVING sum(n) <> 0 OR sum(r) <> 0`,
		`SELECT product_id, sum(q)::bigint, sum(r)::bigint FROM (
		   SELECT product_id, quantity AS q, revenue_cents AS r FROM order_stats_products
		   UNION ALL SELECT product_id, quantity, revenue_cents FROM order_stats_product_deltas) x
		 GROUP BY 1 HAVING sum(q) <> 0 OR sum(r) <> 0`)
}

func readFigures(t *testing.T, pool *pgxpool.Pool, daysSQL, productsSQL string) statsFigures {
	t.Helper()
	ctx := context.Background()
	f := statsFigures{days: map[string][2]int64{}, products: map[int64][2]int64{}}
	rows, err := pool.Query(ctx, daysSQL)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var day string
		var n, r int64
		if err := rows.Scan(&day, &n, &r); err != nil {
			t.Fatal(err)
		}
		f.days[day] = [2]int64{n, r}
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	rows, err = pool.Query(ctx, productsSQL)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, q, r int64
		if err := rows.Scan(&id, &q, &r); err != nil {
			t.Fatal(err)
		}
		f.products[id] = [2]int64{q, r}
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	return f
}

// checkAgainstCounting compares the rollups, and the dashboard's own
// queries, with counting over the orders.
func checkAgainstCounting(t *testing.T, pool *pgxpool.Pool, when string) {
	t.Helper()
	want, got := countedFigures(t, pool), rolledUpFigures(t, pool)
	if !maps.Equal(want.days, got.days) {
		t.Errorf("%s: days rolled up %v, counted %v", when, got.days, want.days)
	}
	if !maps.Equal(want.products, got.products) {
		t.Errorf("%s: products rolled up %v, counted %v", when, got.products, want.products)
	}
	ctx := context.Background()
	q := db.New(pool)
	totals, err := q.AdminDashboardTotals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var orders, revenue int64
	for _, d := range want.days {
		orders, revenue = orders+d[0], revenue+d[1]
	}
	if int64(totals.OrderCount) != orders || totals.RevenueCents != revenue {
		t.Errorf("%s: totals %d orders, %d cents; counted %d, %d", when, totals.OrderCount, totals.RevenueCents, orders, revenue)
	}
	best, err := q.AdminBestSellers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var wantBest []string
	rows, err := pool.Query(ctx, `SELECT l.product_id, sum(l.quantity), sum(l.line_total_cents)
		FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'cancelled'
		GROUP BY l.product_id ORDER BY sum(l.quantity) DESC, l.product_id LIMIT 5`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, qty, r int64
		if err := rows.Scan(&id, &qty, &r); err != nil {
			t.Fatal(err)
		}
		wantBest = append(wantBest, fmt.Sprint(id, qty, r))
	}
	var gotBest []string
	for _, b := range best {
		gotBest = append(gotBest, fmt.Sprint(b.ProductID, b.Quantity, b.RevenueCents))
	}
	if fmt.Sprint(gotBest) != fmt.Sprint(wantBest) {
		t.Errorf("%s: best sellers %v, counted %v", when, gotBest, wantBest)
	}
}

type statsBundle struct {
	pool     *pgxpool.Pool
	user     int64
	products []int64
}

func setupStats(t *testing.T) *statsBundle {
	t.Helper()
	pool := dbtest.New(t)
	b := &statsBundle{pool: pool, user: dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})}
	for range 8 {
		b.products = append(b.products, dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 1000}))
	}
	return b
}

// place inserts an order as PlaceOrder leaves it, dated up to 40 days back
// (the dashboard's 30 days and before), in tx.
func (b *statsBundle) place(t *testing.T, tx pgx.Tx, rng *rand.Rand) {
	var lines []dbtest.SoldLine
	// Lines in product order, as the checkout locks the products' stock:
	// each line's foreign key share-locks its product, and in random order
	// that deadlocks with a cancellation locking them in order.
	picked := rng.Perm(len(b.products))[:1+rng.IntN(3)]
	slices.Sort(picked)
	for _, i := range picked {
		lines = append(lines, dbtest.SoldLine{
			ProductID: b.products[i], Quantity: int32(1 + rng.IntN(4)), UnitPriceCents: int64(50 + rng.IntN(2000)),
		})
	}
	pay := []string{"awaiting_payment", "on_delivery", "paid"}[rng.IntN(3)]
	id := dbtest.SoldOrder(t, tx, dbtest.SoldOrderOpts{UserID: b.user, PaymentStatus: pay, ShippingCents: int64(rng.IntN(500)), Lines: lines})
	if _, err := tx.Exec(context.Background(),
		`UPDATE orders SET created_at = now() - make_interval(hours => $2) WHERE id = $1`, id, rng.IntN(40*24)); err != nil {
		t.Error(err)
	}
}

// step takes one random step of the lifecycle on a random order, as the
// order desk, the payment notifications and the expiry job do; a step the
// lifecycle refuses changes nothing.
func (b *statsBundle) step(ctx context.Context, tx pgx.Tx, rng *rand.Rand) error {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM orders ORDER BY random() LIMIT 1`).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	switch rng.IntN(6) {
	case 0:
		_, _, err = order.Cancel(ctx, db.New(tx), order.Cancellation{OrderID: id, Who: order.AdminActor, Note: "test"})
	case 1:
		_, _, err = order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.SystemActor, Pay: order.Paid}, order.Effects{})
	case 2:
		_, _, err = order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, Pay: order.PartiallyRefunded}, order.Effects{})
	case 3:
		_, _, err = order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, Pay: order.Refunded}, order.Effects{})
	case 4:
		_, _, err = order.Advance(ctx, tx, order.Step{OrderID: id, Who: order.AdminActor, Fulfil: order.Preparing}, order.Effects{})
	default:
		_, _, err = order.Cancel(ctx, db.New(tx), order.Cancellation{OrderID: id, Who: order.SystemActor, Expiry: true})
	}
	if _, refused := errors.AsType[*order.Refusal](err); refused {
		return nil
	}
	return err
}

// TestStatsRollupsMatchCountingUnderConcurrency: four writers place, pay,
// refund, prepare, cancel and expire orders at once, a fifth of their
// transactions rolled back, while a fold runs again and again beside them;
// the rollups equal counting over the orders before and after a last fold.
func TestStatsRollupsMatchCountingUnderConcurrency(t *testing.T) {
	t.Parallel()
	b := setupStats(t)
	ctx := context.Background()
	stop := make(chan struct{})
	var folds sync.WaitGroup
	folds.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := db.New(b.pool).FoldStats(ctx); err != nil {
				t.Error(err)
				return
			}
		}
	})
	var writers sync.WaitGroup
	for w := range 4 {
		writers.Go(func() {
			rng := rand.New(rand.NewPCG(19, uint64(w)))
			for range 60 {
				tx, err := b.pool.Begin(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				failed := false
				if rng.IntN(3) == 0 {
					b.place(t, tx, rng)
				} else if err := b.step(ctx, tx, rng); err != nil {
					// Should two writers still deadlock, PostgreSQL
					// aborts one, as it would in the shop; its
					// transaction must then leave no delta behind.
					var pgErr *pgconn.PgError
					if !errors.As(err, &pgErr) || pgErr.Code != "40P01" {
						t.Error(err)
					}
					t.Logf("step rolled back: %v", err)
					failed = true
				}
				if failed || rng.IntN(5) == 0 {
					err = tx.Rollback(ctx)
				} else {
					err = tx.Commit(ctx)
				}
				if err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	writers.Wait()
	close(stop)
	folds.Wait()

	var cancelled, counted int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE status = 'cancelled'), count(*) FILTER (WHERE status <> 'cancelled') FROM orders`).
		Scan(&cancelled, &counted); err != nil {
		t.Fatal(err)
	}
	if cancelled == 0 || counted == 0 {
		t.Fatalf("%d cancelled and %d counted orders: the mix must have both", cancelled, counted)
	}
	checkAgainstCounting(t, b.pool, "before the last fold")
	if err := db.New(b.pool).FoldStats(ctx); err != nil {
		t.Fatal(err)
	}
	var pending int
	if err := b.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM order_stats_day_deltas) + (SELECT count(*) FROM order_stats_product_deltas)`).Scan(&pending); err != nil {
		t.Fatal(err)
	}
	if pending != 0 {
		t.Errorf("%d deltas left after a fold with no writer", pending)
	}
	checkAgainstCounting(t, b.pool, "after the last fold")
}

// TestStatsRollupsFollowEveryChange: changes no lifecycle step makes but
// some writer may (a total corrected, a line changed, an order deleted
// with its lines, an order re-opened) keep the rollups equal to counting.
func TestStatsRollupsFollowEveryChange(t *testing.T) {
	t.Parallel()
	b := setupStats(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(19, 99))
	for range 12 {
		tx, err := b.pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		b.place(t, tx, rng)
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
	}
	for _, stmt := range []string{
		`UPDATE orders SET total_cents = total_cents + 7 WHERE id = (SELECT min(id) FROM orders)`,
		`UPDATE order_lines SET quantity = quantity + 2, line_total_cents = line_total_cents + 10
		 WHERE order_id = (SELECT max(id) FROM orders) AND line_no = 1`,
		`UPDATE order_lines SET product_id = ` + fmt.Sprint(b.products[0]) + ` WHERE line_no = 1 AND order_id = (SELECT min(id) + 1 FROM orders)`,
		`UPDATE orders SET status = 'cancelled' WHERE id IN (SELECT id FROM orders ORDER BY id LIMIT 4)`,
		`DELETE FROM orders WHERE id IN (SELECT id FROM orders ORDER BY id DESC LIMIT 2)`,
		`DELETE FROM orders WHERE id = (SELECT min(id) FROM orders)`,
		`UPDATE orders SET status = 'placed' WHERE id = (SELECT max(id) FROM orders WHERE status = 'cancelled')`,
		`DELETE FROM order_lines WHERE line_no = 1 AND order_id = (SELECT max(id) FROM orders WHERE status <> 'cancelled')`,
	} {
		if _, err := b.pool.Exec(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
		checkAgainstCounting(t, b.pool, stmt)
	}
}

// TestStatsRebuildBackfills: orders written with the triggers off (the
// bench's bulk seed; existing orders when the migration ran) are counted
// once order_stats_rebuild, the migration's backfill, has run.
func TestStatsRebuildBackfills(t *testing.T) {
	t.Parallel()
	b := setupStats(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(19, 7))
	tx, err := b.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `SET LOCAL session_replication_role = replica`); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		b.place(t, tx, rng)
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'cancelled' WHERE id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if got := rolledUpFigures(t, b.pool); len(got.days) != 0 {
		t.Fatalf("rollups hold %v before the backfill: the triggers were not off", got.days)
	}
	if _, err := b.pool.Exec(ctx, `SELECT order_stats_rebuild()`); err != nil {
		t.Fatal(err)
	}
	checkAgainstCounting(t, b.pool, "after the rebuild")
}
