// Package payment takes card and Bizum payments through Redsys: it numbers
// and records each attempt to pay an order, and it turns Redsys's
// server-to-server notification, once verified, into a decision the order
// side is told about. Only a verified notification decides anything; the
// browser's return to the shop proves nothing.
package payment

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/redsys"
)

// Methods taken through Redsys, as payment_attempts.method stores them.
const (
	MethodCard  = "card"
	MethodBizum = "bizum"
)

// Decision is what Redsys decided about one attempt to pay an order.
type Decision struct {
	// OrderID is the shop's order.
	OrderID int64
	// RedsysOrder is the attempt's Redsys order number, the one a refund of
	// this payment must name.
	RedsysOrder string
	// Method is MethodCard or MethodBizum.
	Method string
	// AmountCents is what was charged (always the attempt's amount).
	AmountCents int64
	// Response is Redsys's response code: 0–99 paid, anything else not.
	Response int
	// AuthorisationCode is the issuer's code of a payment that went through.
	AuthorisationCode string
}

// ErrOrderClosed is what a Recorder answers when the order can no longer
// take a payment (expired or cancelled before the money arrived, or paid
// already by another attempt): the attempt and its notification are then
// recorded as late and the money goes back on its own.
var ErrOrderClosed = errors.New("payment: the order no longer takes payments")

// Recorder is the order side of a payment. It is called inside the
// transaction that records the notification, so the order's state and the
// attempt's change together or not at all; it must use tx. Each attempt is
// decided once, so each method is called at most once per Redsys order
// number, never for a forged, mismatched or duplicate notification, nor for
// an authorisation of an attempt Redsys had refused (a late payment the
// payment side refunds and reports itself). RecordAuthorisation is asked
// before the attempt is recorded: its answer says whether the attempt paid
// the order.
type Recorder interface {
	// RecordAuthorisation makes the order paid, or answers ErrOrderClosed.
	RecordAuthorisation(ctx context.Context, tx pgx.Tx, d Decision) error
	// RecordRefusal notes a refused payment: the order stays awaiting
	// payment and may be paid again.
	RecordRefusal(ctx context.Context, tx pgx.Tx, d Decision) error
}

// RefundQueue queues the refund of a payment no order can take (one that
// arrived after its order closed), in the transaction that records the
// notification: the refund is asked of Redsys exactly when the late payment
// is recorded, and Redsys is never called inside that transaction.
type RefundQueue interface {
	QueueRefund(ctx context.Context, tx pgx.Tx, redsysOrder string, amountCents int64, reason string) error
}

// LateRefundReason is the reason recorded with the refund of a late payment.
const LateRefundReason = "paid after the order closed"

// AfterRefusalRefundReason is the reason recorded with the refund of a
// payment Redsys authorised after refusing the same attempt.
const AfterRefusalRefundReason = "authorised after Redsys refused it"

// AuditActor and AfterRefusalAuditAction are the audit trail's record of
// an authorisation after a refusal, raised to the owner.
const (
	AuditActor              = "redsys"
	AfterRefusalAuditAction = "payment.authorised_after_refusal"
)

// Checkout is how the browser is sent to pay: a form posting Fields to
// Action.
type Checkout struct {
	Action string
	Fields redsys.Form
	// RedsysOrder is the attempt's number.
	RedsysOrder string
}

// Gateway signs payment attempts for one Redsys terminal.
type Gateway struct {
	Merchant  *redsys.Merchant
	Endpoints redsys.Endpoints
	// NotificationURL is the absolute URL of NotificationPath on this shop.
	NotificationURL string
}

// NotificationPath is where Redsys posts its notifications.
const NotificationPath = "/payments/redsys/notification"

// BumpRestoreGeneration counts a restore of the database (shopd restore
// calls it once the dump is loaded), so Redsys order numbers issued from
// then on differ from those issued after the backup was taken, which the
// restore lost but Redsys has seen. It refuses past redsys.MaxGeneration:
// the digit would come back to numbers already used.
func BumpRestoreGeneration(ctx context.Context, tx pgx.Tx) (int, error) {
	generation, err := db.New(tx).BumpRestoreGeneration(ctx)
	if err != nil {
		return 0, fmt.Errorf("payment: bump restore generation: %w", err)
	}
	if generation > redsys.MaxGeneration {
		return 0, fmt.Errorf("payment: this database was restored %d times, and Redsys order numbers carry at most %d: "+
			"ask the bank for a new Redsys terminal (its numbers start afresh), configure it, and reset the "+
			"settings row restore_generation to 0", generation, redsys.MaxGeneration)
	}
	return int(generation), nil
}

// Begin records a new attempt to pay amountCents of order orderID and signs
// the form that sends the browser to Redsys; urlOK and urlKO are where the
// browser comes back. Call it in the transaction that reads the order's
// amount, so the attempt asks exactly what the order owes. Two concurrent
// attempts of one order collide and the second fails.
func (g *Gateway) Begin(ctx context.Context, tx pgx.Tx, orderID, amountCents int64, method, urlOK, urlKO, language string) (Checkout, error) {
	if method != MethodCard && method != MethodBizum {
		return Checkout{}, fmt.Errorf("payment: method %q is not taken through Redsys", method)
	}
	q := db.New(tx)
	attempt, err := q.NextPaymentAttempt(ctx, orderID)
	if err != nil {
		return Checkout{}, fmt.Errorf("payment: number attempt: %w", err)
	}
	generation, err := q.RestoreGeneration(ctx)
	if err != nil {
		return Checkout{}, fmt.Errorf("payment: read restore generation: %w", err)
	}
	number, err := redsys.OrderNumber(orderID, int(generation), int(attempt))
	if err != nil {
		return Checkout{}, err
	}
	if _, err := q.InsertPaymentAttempt(ctx, db.InsertPaymentAttemptParams{
		RedsysOrder: number, OrderID: orderID, Attempt: attempt, Method: method, AmountCents: amountCents,
	}); err != nil {
		return Checkout{}, fmt.Errorf("payment: record attempt: %w", err)
	}
	form, err := g.Merchant.PaymentForm(redsys.Payment{
		Order: number, AmountCents: amountCents, MerchantURL: g.NotificationURL,
		URLOK: urlOK, URLKO: urlKO, Bizum: method == MethodBizum, Language: language,
	})
	if err != nil {
		return Checkout{}, err
	}
	return Checkout{Action: g.Endpoints.Redirect, Fields: form, RedsysOrder: number}, nil
}
