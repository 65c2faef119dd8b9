package jobs

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/payment"
)

// TestHeldRefundSnoozes: a refund held since a restore is not asked and
// spends no try: the job comes back later to see whether it was released.
// The gateway has no merchant, so asking Redsys would panic.
func TestHeldRefundSnoozes(t *testing.T) {
	ctx := context.Background()
	pool := dbtest.New(t)
	var id int64
	if err := pool.QueryRow(ctx, `
		WITH u AS (INSERT INTO users (issuer, subject, email) VALUES ('test', 'buyer', 'buyer@example.com') RETURNING id),
		o AS (INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status, subtotal_cents, vat_cents,
		                          total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		                          delivery_city, delivery_postal_code)
		      SELECT id, gen_random_uuid(), 'card', 'paid', 1000, 234, 1234, 'Ana', 'buyer@example.com',
		             '600000000', 'Calle 1', 'Madrid', '28001' FROM u RETURNING id),
		a AS (INSERT INTO payment_attempts (redsys_order, order_id, attempt, method, amount_cents)
		      SELECT '00011', id, 1, 'card', 1234 FROM o RETURNING redsys_order)
		INSERT INTO payment_refunds (redsys_order, amount_cents, status, held_since)
		SELECT redsys_order, 500, 'queued', now() FROM a RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	w := &refundWorker{pool: pool, gateway: &payment.Gateway{}, log: slog.New(slog.DiscardHandler)}
	err := w.Work(ctx, &river.Job[RefundArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: refundAttempts}, Args: RefundArgs{RefundID: id}})
	var snooze *rivertype.JobSnoozeError
	if !errors.As(err, &snooze) {
		t.Fatalf("held refund's job: %v, want a snooze", err)
	}
	var status string
	var tries int
	if err := pool.QueryRow(ctx, `SELECT status, tries FROM payment_refunds WHERE id = $1`, id).Scan(&status, &tries); err != nil ||
		status != payment.RefundQueued || tries != 0 {
		t.Errorf("refund %s after %d tries, %v; want queued, untried", status, tries, err)
	}
}
