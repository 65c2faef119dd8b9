package orderapi_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// statements records the SQL a pool sends, for counting what checkout's
// transaction does between its BEGIN and its COMMIT.
type statements struct {
	mu  sync.Mutex
	sql []string
}

func (s *statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sql = append(s.sql, data.SQL)
	return ctx
}

func (s *statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// inTransaction is what was sent after the last "begin", up to its "commit".
func (s *statements) inTransaction() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var in []string
	for _, q := range s.sql {
		switch strings.ToLower(strings.TrimSpace(q)) {
		case "begin":
			in = nil
		case "commit":
			return in
		default:
			in = append(in, q)
		}
	}
	return nil
}

// TestCheckoutTransactionIsShort counts the round trips of a checkout's
// transaction: each one keeps the transaction open while shopd waits for
// the CPU (issue 19's mixed bench had ~20 backends idle in transaction), so
// the reads, prices and checks come before it, and inside are only the
// customer, the order with its event and lines, and the stock of every
// line in one call. Before, a two-line order took 10 statements inside.
func TestCheckoutTransactionIsShort(t *testing.T) {
	t.Parallel()
	b := setup(t)
	cfg, err := pgxpool.ParseConfig(dbtest.URL(b.pool))
	if err != nil {
		t.Fatal(err)
	}
	rec := &statements{}
	cfg.ConnConfig.Tracer = rec
	traced, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(traced.Close)
	ctx := b.shopper(t, "maria")

	cash := saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
	if _, err := orderapi.New(order.New(traced)).PlaceOrder(ctx, placeRequest(uuid.NewString(), cash, line(1, 1), line(2, 2))); err != nil {
		t.Fatal(err)
	}
	// A cash order holds stock until it is delivered: the shopper's unpaid
	// orders and day's units, and the units unpaid orders hold of each
	// product with the stock left, are counted in it too; and the order
	// empties the shopper's cart kept on the server, so no reminder follows
	// a cart just ordered.
	if got := rec.inTransaction(); len(got) != 7 {
		t.Errorf("a two-line cash order sent %d statements in its transaction, want 7 (customer, the shopper's unpaid orders and units, order, stock, units held unpaid, stock left, saved cart):\n%s",
			len(got), strings.Join(got, "\n---\n"))
	}
	if b.stock(t, 1) != 4 || b.stock(t, 2) != 38 {
		t.Errorf("stock = %d and %d, want 4 and 38", b.stock(t, 1), b.stock(t, 2))
	}
}

// TestConcurrentOrdersLoseNoStock races orders of the same two products,
// listed in either order, on a pool as wide as the crowd: every one is
// placed (no deadlock between them), the stock falls by exactly what they
// bought (no lost update), and the ledger has one sale per order and
// product whose running stock counts down one by one.
func TestConcurrentOrdersLoseNoStock(t *testing.T) {
	t.Parallel()
	b := setup(t)
	exec(t, b.pool, `UPDATE products SET stock = 100 WHERE id = 1`)
	const buyers = 24
	wide := b.widePool(t, buyers)
	svc := orderapi.New(order.New(wide).WithLimits(noLimits))
	ctxs := make([]context.Context, buyers)
	for i := range ctxs {
		ctxs[i] = b.shopper(t, fmt.Sprintf("racer%02d", i))
	}
	cash := saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY
	start := make(chan struct{})
	errs := make([]error, buyers)
	var wg sync.WaitGroup
	for i := range buyers {
		lines := []*saboresv1.CartLineInput{line(1, 2), line(2, 1)}
		if i%2 == 1 {
			lines[0], lines[1] = lines[1], lines[0]
		}
		wg.Go(func() {
			<-start
			_, errs[i] = svc.PlaceOrder(ctxs[i], placeRequest(uuid.NewString(), cash, lines...))
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("buyer %d: %v", i, err)
		}
	}
	if got := b.stock(t, 1); got != 100-2*buyers {
		t.Errorf("stock of product 1 = %d, want %d", got, 100-2*buyers)
	}
	if got := b.stock(t, 2); got != 40-buyers {
		t.Errorf("stock of product 2 = %d, want %d", got, 40-buyers)
	}
	for _, p := range []struct {
		id, from, each int
	}{{1, 100, 2}, {2, 40, 1}} {
		var sales, distinct, lowest int
		if err := b.pool.QueryRow(context.Background(), `
			SELECT count(*), count(DISTINCT stock_after), min(stock_after) FROM stock_movements
			WHERE product_id = $1 AND kind = 'sale' AND delta = -$2::integer AND order_id IS NOT NULL`,
			p.id, p.each).Scan(&sales, &distinct, &lowest); err != nil {
			t.Fatal(err)
		}
		if sales != buyers || distinct != buyers || lowest != p.from-p.each*buyers {
			t.Errorf("product %d's ledger: %d sales, %d distinct stocks after, lowest %d; want %d, %d, %d",
				p.id, sales, distinct, lowest, buyers, buyers, p.from-p.each*buyers)
		}
	}
}
