package orderapi_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestUnpaidOrdersExpire moves the clock past each payment window: the card
// order goes after 30 minutes, the transfer after 3 days, cash on delivery
// never; each expiry gives its stock back once although eight replicas run
// the pass at the same instant.
func TestUnpaidOrdersExpire(t *testing.T) {
	b := setup(t)
	b.orders.WithLimits(noLimits)
	ctx := b.shopper(t, "maria")
	byCard := b.place(t, ctx, card, line(1, 1))
	byTransfer := b.place(t, ctx, transfer, line(1, 2))
	b.place(t, ctx, saboresv1.PaymentMethod_PAYMENT_METHOD_CASH_ON_DELIVERY, line(1, 1))
	if got := b.stock(t, 1); got != 1 {
		t.Fatalf("stock after three orders = %d, want 1", got)
	}
	windows := order.DefaultPaymentWindows()
	start := time.Now()
	if _, err := b.pool.Exec(context.Background(), `UPDATE orders SET language = 'pt' WHERE id = $1`, byTransfer.GetId()); err != nil {
		t.Fatal(err)
	}

	expireEverywhere := func(now time.Time) int {
		t.Helper()
		const replicas = 8
		var total atomic.Int64
		var wg sync.WaitGroup
		for range replicas {
			wg.Go(func() {
				n, err := order.ExpireUnpaid(context.Background(), b.pool, windows, now, nil)
				if err != nil {
					t.Errorf("expire at %s: %v", now, err)
				}
				total.Add(int64(n))
			})
		}
		wg.Wait()
		return int(total.Load())
	}

	steps := []struct {
		after     time.Duration
		cancelled int
		stock     int32
	}{
		{29 * time.Minute, 0, 1},
		{31 * time.Minute, 1, 2},
		{71 * time.Hour, 0, 2},
		{73 * time.Hour, 1, 4},
		{30 * 24 * time.Hour, 0, 4},
	}
	for _, s := range steps {
		if got := expireEverywhere(start.Add(s.after)); got != s.cancelled {
			t.Errorf("after %s: %d orders expired, want %d", s.after, got, s.cancelled)
		}
		if got := b.stock(t, 1); got != s.stock {
			t.Errorf("after %s: stock %d, want %d", s.after, got, s.stock)
		}
	}
	for _, o := range []*saboresv1.Order{byCard, byTransfer} {
		if n := b.movements(t, o.GetId(), "expiry"); n != 1 {
			t.Errorf("order %d: %d expiry movements, want 1", o.GetId(), n)
		}
	}
	var events int
	if err := b.pool.QueryRow(context.Background(), `SELECT count(*) FROM order_events
		WHERE to_state = 'cancelled' AND actor = 'system' AND from_state = 'placed'`).Scan(&events); err != nil {
		t.Fatal(err)
	}
	if events != 2 {
		t.Errorf("%d system cancellations in the timelines, want 2", events)
	}
	// The note follows the order's language.
	for id, want := range map[int64]string{
		byCard.GetId():     "Pago no recibido en 30 minutos",
		byTransfer.GetId(): "Pagamento não recebido em 72 horas",
	} {
		var note string
		if err := b.pool.QueryRow(context.Background(), `SELECT note FROM order_events WHERE order_id = $1 AND to_state = 'cancelled'`, id).Scan(&note); err != nil || note != want {
			t.Errorf("order %d: cancellation note %q (%v), want %q", id, note, err, want)
		}
	}
	if n := b.ledgerMismatches(t); n != 0 {
		t.Errorf("%d products whose stock is not their ledger's sum", n)
	}
}

// TestPaidOrderDoesNotExpire: a payment recorded before the pass keeps the order.
func TestPaidOrderDoesNotExpire(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.orders.WithLimits(noLimits)
	o := b.place(t, b.shopper(t, "maria"), transfer, line(1, 2))
	exec(t, b.pool, `UPDATE orders SET payment_status = 'paid' WHERE id = $1`, o.GetId())
	n, err := order.ExpireUnpaid(context.Background(), b.pool, order.DefaultPaymentWindows(), time.Now().Add(96*time.Hour), nil)
	if err != nil || n != 0 {
		t.Fatalf("expire a paid order: %d, %v; want 0, nil", n, err)
	}
	if got := b.stock(t, 1); got != 3 {
		t.Errorf("stock = %d, want 3", got)
	}
}
