package jobs_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/orderapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

type bundle struct {
	pool    *pgxpool.Pool
	orders  *order.Service
	shopper context.Context
	// offset moves every client's clock forward.
	offset atomic.Int64
}

func setup(t *testing.T) *bundle {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points, stock)
		VALUES (1, 'Guaraná', 'BR-1', 'SKU-1', 'bebidas', 250, 1000, 10)`); err != nil {
		t.Fatal(err)
	}
	dbtest.ShopSettings(t, pool) // transfers are taken only with an IBAN
	var userID int64
	if err := pool.QueryRow(ctx, `INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://test', 'maria', 'maria@example.com', 'María') RETURNING id`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	return &bundle{
		pool: pool, orders: order.New(pool),
		shopper: auth.WithPrincipal(ctx, auth.Principal{UserID: userID, Email: "maria@example.com", Role: auth.RoleClient}),
	}
}

// client starts a River client, as one replica of shopd would, and stops
// it gracefully when the test ends.
func (b *bundle) client(t *testing.T) *river.Client[pgx.Tx] {
	t.Helper()
	c, err := jobs.NewClient(b.pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), ExpiryInterval: 200 * time.Millisecond,
		Now: func() time.Time { return time.Now().Add(time.Duration(b.offset.Load())) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Before the pool closes, however the test ends; a second Stop after
	// the test's own does nothing.
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = c.Stop(ctx)
	})
	return c
}

func stop(t *testing.T, c *river.Client[pgx.Tx]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Stop(ctx); err != nil {
		t.Errorf("graceful stop: %v", err)
	}
}

func (b *bundle) placeByCard(t *testing.T) int64 {
	t.Helper()
	res, err := orderapi.New(b.orders).PlaceOrder(b.shopper, connect.NewRequest(&saboresv1.PlaceOrderRequest{
		IdempotencyKey: uuid.NewString(),
		Lines:          []*saboresv1.CartLineInput{{ProductId: 1, Quantity: 3}},
		Delivery: &saboresv1.DeliveryInput{Name: "María", Email: "maria@example.com", Phone: "+34 600 000 000",
			Address: "Rúa 1", City: "Burela", PostalCode: "27880"},
		PaymentMethod: saboresv1.PaymentMethod_PAYMENT_METHOD_CARD,
	}))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg.GetOrder().GetId()
}

func (b *bundle) status(t *testing.T, id int64) string {
	t.Helper()
	var s string
	if err := b.pool.QueryRow(context.Background(), `SELECT status FROM orders WHERE id = $1`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (b *bundle) waitCancelled(t *testing.T, id int64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for b.status(t, id) != "cancelled" {
		if time.Now().After(deadline) {
			t.Fatalf("order %d still %s after 20 s", id, b.status(t, id))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (b *bundle) expiries(t *testing.T, id int64) int {
	t.Helper()
	var n int
	if err := b.pool.QueryRow(context.Background(),
		`SELECT count(*) FROM stock_movements WHERE order_id = $1 AND kind = 'expiry'`, id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestExpiryRunsOnEveryReplicaOnce runs two replicas' job clients: nothing
// expires while the clock is inside the window; once it moves past, the
// order is cancelled once and its stock is back. An order left unpaid while
// no replica ran is expired by the next one to start.
func TestExpiryRunsOnEveryReplicaOnce(t *testing.T) {
	b := setup(t)
	first := b.placeByCard(t)
	started := time.Now()
	a, c := b.client(t), b.client(t)

	jobstest.WaitRuns(t, b.pool, jobs.ExpireUnpaidArgs{}.Kind(), started, 2)
	if got := b.status(t, first); got != "placed" {
		t.Fatalf("order %d is %s inside its payment window", first, got)
	}
	b.offset.Store(int64(31 * time.Minute))
	b.waitCancelled(t, first)
	jobstest.WaitRuns(t, b.pool, jobs.ExpireUnpaidArgs{}.Kind(), time.Now(), 2) // more passes after it
	if n := b.expiries(t, first); n != 1 {
		t.Errorf("order %d: %d expiry movements, want 1", first, n)
	}
	stop(t, a)
	stop(t, c)

	second := b.placeByCard(t)
	b.offset.Store(int64(62 * time.Minute))
	restarted := b.client(t)
	b.waitCancelled(t, second)
	stop(t, restarted)
	var stock int32
	if err := b.pool.QueryRow(context.Background(), `SELECT stock FROM products WHERE id = 1`).Scan(&stock); err != nil {
		t.Fatal(err)
	}
	if stock != 10 || b.expiries(t, second) != 1 {
		t.Errorf("stock %d and %d expiry movements after the restart, want 10 and 1", stock, b.expiries(t, second))
	}
}
