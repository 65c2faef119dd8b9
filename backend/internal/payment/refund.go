package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// Refund outcomes, as payment_refunds.status stores them.
const (
	RefundAccepted = "accepted"
	RefundRefused  = "refused"
	// RefundUnknown: the call failed on the way, so whether Redsys refunded
	// is unknown; someone must look in Redsys's portal.
	RefundUnknown = "unknown"
)

// ErrNotRefundable means the attempt was not paid, or the amount is more
// than what is left of it.
var ErrNotRefundable = errors.New("payment: not refundable")

// Refund asks Redsys to give back amountCents of the payment made under
// redsysOrder (the whole amount or part of it, for returned lines) and
// records the request before calling and the outcome after. The sum of
// refunds that were not refused never exceeds what was paid, even when
// two run at once.
func (g *Gateway) Refund(ctx context.Context, pool *pgxpool.Pool, client *http.Client, redsysOrder string, amountCents int64, reason string) (status string, err error) {
	if amountCents <= 0 {
		return "", fmt.Errorf("%w: %d cents", ErrNotRefundable, amountCents)
	}
	var id int64
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		attempt, err := q.LockPaymentAttempt(ctx, redsysOrder)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && attempt.Status != "authorised") {
			return fmt.Errorf("%w: %s was not paid", ErrNotRefundable, redsysOrder)
		}
		if err != nil {
			return fmt.Errorf("payment: read attempt: %w", err)
		}
		refunded, err := q.RefundedCents(ctx, redsysOrder)
		if err != nil {
			return fmt.Errorf("payment: read refunds: %w", err)
		}
		if refunded+amountCents > attempt.AmountCents {
			return fmt.Errorf("%w: %d cents asked, %d of %d left", ErrNotRefundable, amountCents, attempt.AmountCents-refunded, attempt.AmountCents)
		}
		id, err = q.InsertPaymentRefund(ctx, db.InsertPaymentRefundParams{RedsysOrder: redsysOrder, AmountCents: amountCents, Reason: reason})
		return err
	})
	if err != nil {
		return "", err
	}
	decision := db.DecidePaymentRefundParams{ID: id, Status: RefundRefused}
	result, callErr := g.Merchant.Refund(ctx, client, g.Endpoints.REST, redsysOrder, amountCents)
	var refused *redsys.RESTError
	switch {
	case errors.As(callErr, &refused):
		decision.ErrorCode = refused.Code
	case callErr != nil:
		decision.Status = RefundUnknown
	default:
		code := int32(min(result.Response, 9999)) //nolint:gosec // at most 4 digits
		decision.ResponseCode = &code
		if result.RefundAccepted() && result.Order == redsysOrder && result.AmountCents == amountCents {
			decision.Status = RefundAccepted
		}
	}
	if err := db.New(pool).DecidePaymentRefund(context.WithoutCancel(ctx), decision); err != nil {
		return "", fmt.Errorf("payment: record refund %d (%s): %w", id, decision.Status, err)
	}
	if decision.Status == RefundUnknown {
		return decision.Status, fmt.Errorf("payment: refund %d of %s: %w", id, redsysOrder, callErr)
	}
	return decision.Status, nil
}
