package order

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// expiryBatch bounds one pass: a pass finishing in seconds keeps each
// transaction short; the next pass picks up the rest.
const expiryBatch = 500

// ExpireUnpaid cancels, as the system, every order whose payment window
// had closed by now, each in its own transaction, and returns how many it
// cancelled. The clock is a parameter so tests move it; the deadline is
// computed from created_at at each pass, so a changed window applies to the
// orders already waiting and nothing is lost across restarts. Any number of
// replicas may run it at once: Cancel lets one of them through per order,
// and that one queues the shopper's e-mail through mailer (nil: none).
func ExpireUnpaid(ctx context.Context, pool *pgxpool.Pool, windows PaymentWindows, now time.Time, mailer Mailer) (int, error) {
	q := db.New(pool)
	n := 0
	for method, window := range windows {
		ids, err := q.ListExpiredUnpaidOrders(ctx, db.ListExpiredUnpaidOrdersParams{
			PaymentMethod: method, Cutoff: now.Add(-window), PageLimit: expiryBatch,
		})
		if err != nil {
			return n, fmt.Errorf("order: list expired %s orders: %w", method, err)
		}
		for _, id := range ids {
			var done bool
			err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				order, cancelled, err := Cancel(ctx, q.WithTx(tx), Cancellation{
					OrderID: id, Who: SystemActor, Expiry: true,
					Note:   "Pago no recibido en " + windowText(window, "minutos", "horas"),
					NotePT: "Pagamento não recebido em " + windowText(window, "minutos", "horas"),
				})
				if err != nil || !cancelled {
					return err
				}
				done = true
				return Notify(ctx, tx, mailer, order, "cancelled")
			})
			if err != nil {
				return n, err
			}
			if done {
				n++
			}
		}
	}
	return n, nil
}

// windowText writes a payment window as the timeline says it: in hours
// when whole, else in minutes ("30 minutos", "72 horas").
func windowText(window time.Duration, minutes, hours string) string {
	if window%time.Hour != 0 {
		return fmt.Sprintf("%d %s", int64(window/time.Minute), minutes)
	}
	return fmt.Sprintf("%d %s", int64(window/time.Hour), hours)
}

// PaymentWindows is how long an order may wait for its payment, per payment
// method as stored in orders.payment_method, before it is cancelled and its
// stock goes back on sale. A method missing here (cash on delivery) never
// waits for a payment.
type PaymentWindows map[string]time.Duration

// DefaultPaymentWindows are the shop's defaults: a card or Bizum payment happens at checkout or not
// at all; a bank transfer takes up to a couple of working days.
func DefaultPaymentWindows() PaymentWindows {
	return PaymentWindows{"card": 30 * time.Minute, "bizum": 30 * time.Minute, "transfer": 72 * time.Hour}
}
