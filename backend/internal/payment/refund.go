package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/sabores/sabores/backend/internal/fault"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// Refund states, as payment_refunds.status stores them (migration 00240).
const (
	// RefundQueued is to ask: new, or refused by Redsys and to ask again.
	RefundQueued = "queued"
	// RefundRequested is a try in flight.
	RefundRequested = "requested"
	// RefundAccepted: Redsys gave the money back.
	RefundAccepted = "accepted"
	// RefundFailed: Redsys refused every automatic try; the desk retries.
	RefundFailed = "failed"
	// RefundUnknown: a try failed on the way, so whether Redsys refunded
	// is unknown; someone must look in Redsys's portal before a retry.
	RefundUnknown = "unknown"
)

// ErrNotRefundable means the attempt was not paid, or the amount is more
// than what is left of it. RecordRefund answers it as a *NotRefundable.
var ErrNotRefundable = errors.New("payment: not refundable")

// ReasonNotRefundable is the ErrorInfo reason of a refund Redsys cannot
// make: a business error (FailedPrecondition), never an internal one.
const ReasonNotRefundable = "PAYMENT_NOT_REFUNDABLE"

// NotRefundable is a refund the payment cannot take: RedsysOrder's attempt
// was not paid, or AskedCents is more than the LeftCents not refunded yet.
// It is ErrNotRefundable (errors.Is) and an apperr.Refusal.
type NotRefundable struct {
	RedsysOrder string
	AskedCents  int64
	LeftCents   int64
	Message     string
}

func (e *NotRefundable) Error() string { return ErrNotRefundable.Error() + ": " + e.Message }

// Is makes it ErrNotRefundable.
func (e *NotRefundable) Is(target error) bool { return target == ErrNotRefundable }

// Fault names the payment and the figures.
func (e *NotRefundable) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: ReasonNotRefundable, Message: e.Error(), Metadata: map[string]string{
		"redsys_order": e.RedsysOrder,
		"asked_cents":  strconv.FormatInt(e.AskedCents, 10),
		"left_cents":   strconv.FormatInt(e.LeftCents, 10),
	}}
}

// ErrRefundNotPending means the refund is not waiting to be asked: it was
// accepted, or it failed or went unknown and waits for the desk.
var ErrRefundNotPending = errors.New("payment: refund not waiting to be asked")

// ErrRefundHeld means the refund came back with a restore and waits for
// the owner to release it (ReleaseRefunds): Redsys may have refunded it
// after the backup was taken.
var ErrRefundHeld = errors.New("payment: refund held since a restore")

// HoldRefunds holds every refund still to ask, in tx (shopd restore), and
// returns how many.
func HoldRefunds(ctx context.Context, tx pgx.Tx) (int64, error) {
	n, err := db.New(tx).HoldQueuedRefunds(ctx)
	if err != nil {
		return 0, fmt.Errorf("payment: hold refunds: %w", err)
	}
	return n, nil
}

// ReleaseRefunds lets the refund jobs ask the held refunds (`shopd payments
// release-refunds`), audited as actor's, and returns how many it released.
func ReleaseRefunds(ctx context.Context, pool *pgxpool.Pool, actor string) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		released, err := q.ReleaseHeldRefunds(ctx)
		if err != nil {
			return err
		}
		n = len(released)
		for _, r := range released {
			if err := q.AuditInsert(ctx, db.AuditInsertParams{
				Actor: actor, Action: "refund.release", Entity: fmt.Sprintf("payment_refund:%d", r.ID),
				OldValue: []byte(`{"held": true}`),
				NewValue: fmt.Appendf(nil, `{"held": false, "redsys_order": %q, "amount_cents": %d}`, r.RedsysOrder, r.AmountCents),
			}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("payment: release refunds: %w", err)
	}
	return n, nil
}

// RecordRefund records in tx a refund of amountCents of the payment made
// under redsysOrder (all of it, or part of it for returned lines), queued
// for AskRefund, and returns its id. The sum of an attempt's refunds never
// exceeds what was paid, even when two are recorded at once: the attempt's
// row is locked while the sum is read.
func RecordRefund(ctx context.Context, tx pgx.Tx, redsysOrder string, amountCents int64, reason string) (int64, error) {
	if amountCents <= 0 {
		return 0, &NotRefundable{RedsysOrder: redsysOrder, AskedCents: amountCents, Message: fmt.Sprintf("%d cents", amountCents)}
	}
	q := db.New(tx)
	attempt, err := q.LockPaymentAttempt(ctx, redsysOrder)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && attempt.Status != "authorised") {
		return 0, &NotRefundable{RedsysOrder: redsysOrder, AskedCents: amountCents, Message: redsysOrder + " was not paid"}
	}
	if err != nil {
		return 0, fmt.Errorf("payment: read attempt: %w", err)
	}
	refunded, err := q.RefundedCents(ctx, redsysOrder)
	if err != nil {
		return 0, fmt.Errorf("payment: read refunds: %w", err)
	}
	if refunded+amountCents > attempt.AmountCents {
		return 0, &NotRefundable{RedsysOrder: redsysOrder, AskedCents: amountCents, LeftCents: attempt.AmountCents - refunded,
			Message: fmt.Sprintf("%d cents asked, %d of %d left", amountCents, attempt.AmountCents-refunded, attempt.AmountCents)}
	}
	id, err := q.InsertPaymentRefund(ctx, db.InsertPaymentRefundParams{RedsysOrder: redsysOrder, AmountCents: amountCents, Reason: reason})
	if err != nil {
		return 0, fmt.Errorf("payment: record refund of %s: %w", redsysOrder, err)
	}
	return id, nil
}

// RequeueRefund puts a failed or unknown refund back to ask, in tx (the
// desk's retry, which queues its job in the same transaction).
func RequeueRefund(ctx context.Context, tx pgx.Tx, id int64) error {
	n, err := db.New(tx).RequeuePaymentRefund(ctx, id)
	if err != nil {
		return fmt.Errorf("payment: requeue refund %d: %w", id, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: refund %d", ErrRefundNotPending, id)
	}
	return nil
}

// AskRefund makes one try of the refund recorded as id: it marks the try
// in flight and commits before calling Redsys, then records the answer, so
// a try is never repeated without knowing how the last one ended. It
// returns the refund's state after the try: accepted (also when an earlier
// run of the same job already got it accepted, with nothing asked);
// queued when Redsys refused and last is false, failed when it refused on
// the last try; unknown, with the cause, when the call failed on the way
// or an earlier try was cut short. ErrRefundNotPending when the refund
// waits for the desk; queued with ErrRefundHeld, nothing asked, while it is
// held since a restore.
func (g *Gateway) AskRefund(ctx context.Context, pool *pgxpool.Pool, client *http.Client, id int64, last bool) (status string, err error) {
	var refund db.PaymentRefund
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if refund, err = q.LockPaymentRefund(ctx, id); err != nil {
			return fmt.Errorf("payment: read refund %d: %w", id, err)
		}
		switch {
		case refund.Status == RefundQueued && refund.HeldSince != nil:
			return nil
		case refund.Status == RefundQueued:
			return q.StartPaymentRefund(ctx, id)
		case refund.Status == RefundRequested:
			// A try marked in flight whose answer was never recorded (the
			// process stopped mid-call): Redsys may have refunded.
			return q.DecidePaymentRefund(ctx, db.DecidePaymentRefundParams{ID: id, Status: RefundUnknown, ErrorCode: refund.ErrorCode})
		}
		return nil
	})
	switch {
	case err != nil:
		return "", err
	case refund.Status == RefundAccepted:
		return RefundAccepted, nil
	case refund.Status == RefundQueued && refund.HeldSince != nil:
		return RefundQueued, fmt.Errorf("%w: refund %d of %s", ErrRefundHeld, id, refund.RedsysOrder)
	case refund.Status == RefundRequested:
		return RefundUnknown, fmt.Errorf("payment: refund %d of %s was cut short mid-call", id, refund.RedsysOrder)
	case refund.Status != RefundQueued:
		return refund.Status, fmt.Errorf("%w: refund %d is %s", ErrRefundNotPending, id, refund.Status)
	}
	decision := db.DecidePaymentRefundParams{ID: id, Status: RefundQueued}
	if last {
		decision.Status = RefundFailed
	}
	result, callErr := g.Merchant.Refund(ctx, client, g.Endpoints.REST, refund.RedsysOrder, refund.AmountCents)
	var refused *redsys.RESTError
	switch {
	case errors.As(callErr, &refused):
		decision.ErrorCode = refused.Code
	case callErr != nil:
		decision.Status = RefundUnknown
	default:
		code := int32(min(result.Response, 9999)) //nolint:gosec // at most 4 digits
		decision.ResponseCode = &code
		if result.RefundAccepted() && result.Order == refund.RedsysOrder && result.AmountCents == refund.AmountCents {
			decision.Status = RefundAccepted
		}
	}
	if err := db.New(pool).DecidePaymentRefund(context.WithoutCancel(ctx), decision); err != nil {
		return "", fmt.Errorf("payment: record refund %d (%s): %w", id, decision.Status, err)
	}
	if decision.Status == RefundUnknown {
		return decision.Status, fmt.Errorf("payment: refund %d of %s: %w", id, refund.RedsysOrder, callErr)
	}
	return decision.Status, nil
}
