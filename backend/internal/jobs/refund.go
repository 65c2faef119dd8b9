package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/payment"
)

// RefundArgs gives back amount_cents of the card or Bizum payment made under
// a Redsys order number, through Redsys's REST interface.
type RefundArgs struct {
	RedsysOrder string `json:"redsys_order"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Kind names the job in river_job.
func (RefundArgs) Kind() string { return "redsys_refund" }

// refundAttempts bounds the retries of a refund Redsys refused (with
// River's backoff, about a day); each try is a payment_refunds row.
const refundAttempts = 10

// RefundQueue queues Redsys refunds as River jobs in the caller's
// transaction (payment.RefundQueue).
type RefundQueue struct {
	client *river.Client[pgx.Tx]
}

var _ payment.RefundQueue = RefundQueue{}

// NewRefundQueue queues through client, which must work refunds
// (Options.Refunds).
func NewRefundQueue(client *river.Client[pgx.Tx]) RefundQueue {
	return RefundQueue{client: client}
}

// QueueRefund inserts the refund's job in tx.
func (q RefundQueue) QueueRefund(ctx context.Context, tx pgx.Tx, redsysOrder string, amountCents int64, reason string) error {
	if _, err := q.client.InsertTx(ctx, tx, RefundArgs{RedsysOrder: redsysOrder, AmountCents: amountCents, Reason: reason},
		&river.InsertOpts{MaxAttempts: refundAttempts}); err != nil {
		return fmt.Errorf("jobs: queue refund of %s: %w", redsysOrder, err)
	}
	return nil
}

type refundWorker struct {
	river.WorkerDefaults[RefundArgs]
	pool    *pgxpool.Pool
	gateway *payment.Gateway
	client  *http.Client
	log     *slog.Logger
}

// Work asks Redsys for the refund; payment.Gateway.Refund records the
// request before calling and the answer after. A refusal is retried with
// River's backoff. A call whose outcome is unknown is never repeated (it
// might refund twice): it stays recorded as "unknown" for someone to check
// in Redsys's portal. A payment with nothing left to refund (refunded
// meanwhile) ends the job.
func (w *refundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	a := job.Args
	status, err := w.gateway.Refund(ctx, w.pool, w.client, a.RedsysOrder, a.AmountCents, a.Reason)
	switch {
	case errors.Is(err, payment.ErrNotRefundable):
		w.log.WarnContext(ctx, "jobs: refund not asked", "redsys_order", a.RedsysOrder, "error", err)
		return river.JobCancel(err)
	case status == payment.RefundUnknown:
		w.log.ErrorContext(ctx, "jobs: refund outcome unknown: check it in Redsys's portal", "redsys_order", a.RedsysOrder, "error", err)
		return river.JobCancel(err)
	case err != nil:
		return err
	case status == payment.RefundRefused:
		w.log.WarnContext(ctx, "jobs: Redsys refused a refund, retrying", "redsys_order", a.RedsysOrder, "attempt", job.Attempt)
		return fmt.Errorf("jobs: Redsys refused the refund of %s", a.RedsysOrder)
	}
	w.log.InfoContext(ctx, "jobs: payment refunded", "redsys_order", a.RedsysOrder, "amount_cents", a.AmountCents, "reason", a.Reason)
	return nil
}
