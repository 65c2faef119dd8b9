package order

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/money"
	"github.com/sabores/sabores/backend/internal/shoptime"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// Reasons a bank refund is refused.
const (
	// ReasonBankRefundNotAllowed: only a cancelled order paid by transfer,
	// and not refunded yet, takes a bank refund.
	ReasonBankRefundNotAllowed = "BANK_REFUND_NOT_ALLOWED"
	// ReasonBankRefundTooMuch: nothing, or more than was paid.
	ReasonBankRefundTooMuch = "BANK_REFUND_TOO_MUCH"
	// ReasonBankRefundDate: the day is not a date, or in the future.
	ReasonBankRefundDate = "BANK_REFUND_DATE"
	// ReasonRefundNotRetryable: only a card or Bizum refund that failed,
	// or whose outcome is unknown, is asked again.
	ReasonRefundNotRetryable = "REFUND_NOT_RETRYABLE"
)

// RefundRetrier puts a failed or unknown card or Bizum refund back to ask
// and queues its job, in tx (jobs.RefundQueue).
type RefundRetrier interface {
	RetryRefund(ctx context.Context, tx pgx.Tx, refundID int64) error
}

// Refunds queues card and Bizum refunds and retries them (the order desk's).
type Refunds interface {
	RefundQueue
	RefundRetrier
}

// RefundRefusal refuses a bank refund or a refund's retry, with an ErrorInfo
// reason.
type RefundRefusal struct {
	Reason   string
	Message  string
	Metadata map[string]string
}

func (r *RefundRefusal) Error() string { return "refund: " + r.Message }

// Fault carries the figures at fault.
func (r *RefundRefusal) Fault() *fault.Error {
	return &fault.Error{Kind: fault.Refused, Reason: r.Reason, Message: r.Error(), Metadata: r.Metadata}
}

// BankRefundAllowed says whether o takes a bank refund: cancelled, paid by
// transfer and its money not given back yet. A card or Bizum payment goes
// back through Redsys by itself (RefundCancelled); an order still running
// gives money back through a withdrawal.
func BankRefundAllowed(o db.Order) bool {
	return Fulfilment(o.Status) == Cancelled && o.PaymentMethod == "transfer" && Payment(o.PaymentStatus) == Paid
}

// BankRefund is a bank transfer made by hand to give back an order's money.
type BankRefund struct {
	OrderID     int64
	AmountCents int64
	Reference   string
	// Day is the transfer's day, YYYY-MM-DD, never after Today.
	Day   string
	Today time.Time
	// By is the admin (or API key) who recorded it.
	By audit.Caller
}

// RecordBankRefund records r in tx under the order's row lock: the refund,
// the payment moved to refunded (or partially refunded, when less than the
// total went back) in the timeline with the bank's reference, in the
// order's language, the corrective invoice of the cancelled order (as a
// card refund gets in RefundCancelled), and the shopper's "bank_refunded"
// e-mail queued through mailer. A second refund
// of the same order finds it refunded and is refused.
func RecordBankRefund(ctx context.Context, tx pgx.Tx, r BankRefund, mailer Mailer) (db.Order, db.InsertBankRefundRow, error) {
	q := db.New(tx)
	var row db.InsertBankRefundRow
	order, err := q.GetOrderForUpdate(ctx, r.OrderID)
	if errors.Is(err, pgx.ErrNoRows) {
		return order, row, fmt.Errorf("%w: %d", ErrOrderNotFound, r.OrderID)
	}
	if err != nil {
		return order, row, fmt.Errorf("shop: lock order %d: %w", r.OrderID, err)
	}
	if !BankRefundAllowed(order) {
		return order, row, &RefundRefusal{Reason: ReasonBankRefundNotAllowed,
			Message:  "only a cancelled order paid by transfer and not refunded takes a bank refund",
			Metadata: map[string]string{"status": order.Status, "payment_status": order.PaymentStatus, "payment_method": order.PaymentMethod}}
	}
	if r.AmountCents <= 0 || r.AmountCents > order.TotalCents {
		return order, row, &RefundRefusal{Reason: ReasonBankRefundTooMuch, Message: "a bank refund gives back at most what was paid",
			Metadata: map[string]string{"paid_cents": strconv.FormatInt(order.TotalCents, 10)}}
	}
	day, err := time.ParseInLocation(time.DateOnly, r.Day, shoptime.Madrid)
	if err != nil || day.After(r.Today.In(shoptime.Madrid)) {
		return order, row, &RefundRefusal{Reason: ReasonBankRefundDate, Message: "the transfer's day must be a date, not in the future"}
	}
	reference := strings.TrimSpace(r.Reference)
	if reference == "" {
		return order, row, &RefundRefusal{Reason: ReasonBankRefundNotAllowed, Message: "a bank refund needs the transfer's reference"}
	}
	var recordedBy *int64
	if r.By.UserID != 0 {
		recordedBy = &r.By.UserID
	}
	if row, err = q.InsertBankRefund(ctx, db.InsertBankRefundParams{
		OrderID: order.ID, AmountCents: r.AmountCents, BankReference: reference, RefundedOn: r.Day, RecordedBy: recordedBy,
	}); err != nil {
		return order, row, fmt.Errorf("shop: record bank refund of order %d: %w", order.ID, err)
	}
	to := Refunded
	if r.AmountCents < order.TotalCents {
		to = PartiallyRefunded
	}
	_, after, err := Advance(ctx, tx, Step{
		OrderID: order.ID, Who: AdminActor, ActorUserID: r.By.UserID, Pay: to,
		Note: LocalNote(order.Language,
			fmt.Sprintf("Devolución por transferencia de %s el %s (referencia %s)", money.Format(r.AmountCents, "es"), r.Day, reference),
			fmt.Sprintf("Reembolso por transferência de %s em %s (referência %s)", money.Format(r.AmountCents, "pt"), r.Day, reference)),
	}, Effects{})
	if err != nil {
		return order, row, err
	}
	if err := correctCancelled(ctx, tx, order.ID); err != nil {
		return order, row, err
	}
	return after, row, Notify(ctx, tx, mailer, after, "bank_refunded")
}
