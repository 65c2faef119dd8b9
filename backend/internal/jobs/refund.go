package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/payment"
)

// RefundArgs asks Redsys for the refund recorded as payment_refunds row
// RefundID (payment.RecordRefund). The row says what to refund and how far
// it got, so a job run twice, or beside the desk's retry, asks once.
type RefundArgs struct {
	RefundID int64 `json:"refund_id"`
}

// Kind names the job in river_job.
func (RefundArgs) Kind() string { return "redsys_refund" }

// refundAttempts bounds the automatic tries of a refund Redsys refused
// (with River's backoff, about a day); the refund is then failed, shown on
// the order desk, which retries it.
const refundAttempts = 10

// refundHeldRecheck is how long a held refund's job waits before it looks
// again whether the owner released it.
const refundHeldRecheck = 15 * time.Minute

// RefundQueue records Redsys refunds and queues their River jobs, both in
// the caller's transaction (order.RefundQueue, payment.RefundQueue).
type RefundQueue struct {
	client *river.Client[pgx.Tx]
}

var (
	_ payment.RefundQueue = RefundQueue{}
	_ order.RefundQueue   = RefundQueue{}
)

// NewRefundQueue queues through client, which must work refunds
// (Options.Refunds).
func NewRefundQueue(client *river.Client[pgx.Tx]) RefundQueue {
	return RefundQueue{client: client}
}

// QueueRefund records a refund of amountCents of the payment made under
// redsysOrder and inserts its job, in tx.
func (q RefundQueue) QueueRefund(ctx context.Context, tx pgx.Tx, redsysOrder string, amountCents int64, reason string) error {
	id, err := payment.RecordRefund(ctx, tx, redsysOrder, amountCents, reason)
	if err != nil {
		return err
	}
	return q.insert(ctx, tx, id)
}

// RetryRefund puts a failed or unknown refund back to ask and inserts its
// job, in tx (the order desk's retry).
func (q RefundQueue) RetryRefund(ctx context.Context, tx pgx.Tx, refundID int64) error {
	if err := payment.RequeueRefund(ctx, tx, refundID); err != nil {
		return err
	}
	return q.insert(ctx, tx, refundID)
}

func (q RefundQueue) insert(ctx context.Context, tx pgx.Tx, refundID int64) error {
	if _, err := q.client.InsertTx(ctx, tx, RefundArgs{RefundID: refundID}, &river.InsertOpts{MaxAttempts: refundAttempts}); err != nil {
		return fmt.Errorf("jobs: queue refund %d: %w", refundID, err)
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

// Work makes one try of the refund (payment.Gateway.AskRefund). A refusal
// is retried with River's backoff; on the last attempt the refund is left
// failed for the desk. A try whose outcome is unknown is never repeated
// (it might refund twice): it stays "unknown" for someone to check in
// Redsys's portal. A refund already accepted, or waiting for the desk,
// ends the job.
func (w *refundWorker) Work(ctx context.Context, job *river.Job[RefundArgs]) error {
	id := job.Args.RefundID
	status, err := w.gateway.AskRefund(ctx, w.pool, w.client, id, job.Attempt >= job.MaxAttempts)
	switch {
	case errors.Is(err, payment.ErrRefundHeld):
		// Checked again later without spending a try: the owner releases
		// held refunds when they see fit.
		w.log.WarnContext(ctx, "jobs: refund held since a restore: release it with shopd payments release-refunds", "refund_id", id)
		return river.JobSnooze(refundHeldRecheck)
	case errors.Is(err, payment.ErrRefundNotPending):
		w.log.WarnContext(ctx, "jobs: refund not asked", "refund_id", id, "error", err)
		return river.JobCancel(err)
	case status == payment.RefundUnknown:
		w.log.ErrorContext(ctx, "jobs: refund outcome unknown: check it in Redsys's portal", "refund_id", id, "error", err)
		return river.JobCancel(err)
	case err != nil:
		return err
	case status == payment.RefundFailed:
		w.log.ErrorContext(ctx, "jobs: Redsys refused every try of a refund: retry it from the order desk", "refund_id", id)
		return river.JobCancel(fmt.Errorf("jobs: Redsys refused refund %d %d times", id, job.Attempt))
	case status == payment.RefundQueued:
		w.log.WarnContext(ctx, "jobs: Redsys refused a refund, retrying", "refund_id", id, "attempt", job.Attempt)
		return fmt.Errorf("jobs: Redsys refused refund %d", id)
	}
	w.log.InfoContext(ctx, "jobs: payment refunded", "refund_id", id)
	return nil
}
