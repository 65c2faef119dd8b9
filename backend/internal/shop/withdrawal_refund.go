package shop

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// Corrector issues the corrective invoice of refunded lines in tx (package
// shop/invoice, wired by the service).
type Corrector interface {
	CorrectLines(ctx context.Context, tx pgx.Tx, orderID int64, reason string, lines []WithdrawalAsk) error
}

// Refund methods, as withdrawals.refund_method stores them.
const (
	RefundRedsys       = "redsys"
	RefundBankTransfer = "bank_transfer"
)

// WithdrawalRefund refunds a received withdrawal.
type WithdrawalRefund struct {
	WithdrawalID int64
	// BankReference is the reference of a bank refund made by hand; needed
	// unless the order was paid through Redsys (card, Bizum).
	BankReference string
	ActorUserID   int64
	// Refunds queues the card or Bizum refund in the same transaction.
	Refunds  RefundQueue
	Invoices Corrector
}

// RefundWithdrawal refunds the accepted lines of a received withdrawal in
// tx: the corrective invoice, the order's payment moved to refunded or
// partially refunded, the withdrawal and its lines marked refunded, and for
// a card or Bizum payment the refund of those lines recorded and queued
// (the River job asks Redsys once tx commits, retries a refusal, and the
// order desk shows a refund that failed). The withdrawal row stays locked
// meanwhile: a second click waits and finds it refunded.
func RefundWithdrawal(ctx context.Context, tx pgx.Tx, r WithdrawalRefund) (before, after db.Withdrawal, order db.Order, err error) {
	q := db.New(tx)
	if before, err = q.GetWithdrawalForUpdate(ctx, r.WithdrawalID); err != nil {
		return before, before, order, fmt.Errorf("shop: withdrawal %d: %w", r.WithdrawalID, err)
	}
	if before.Status != WithdrawalReceived {
		return before, before, order, refuseWithdrawal(ReasonWithdrawalNotReceived, "only a received withdrawal is refunded",
			map[string]string{"status": before.Status})
	}
	if order, err = q.GetOrder(ctx, before.OrderID); err != nil {
		return before, before, order, fmt.Errorf("shop: order of withdrawal %d: %w", before.ID, err)
	}
	pay := Payment(order.PaymentStatus)
	if pay != Paid && pay != PartiallyRefunded {
		return before, before, order, refuseWithdrawal(ReasonWithdrawalNotPaid, "the order was not paid", nil)
	}
	method, reference := RefundBankTransfer, strings.TrimSpace(r.BankReference)
	redsys := order.PaymentMethod == "card" || order.PaymentMethod == "bizum"
	if redsys {
		method, reference = RefundRedsys, ""
	} else if reference == "" {
		return before, before, order, refuseWithdrawal(ReasonWithdrawalBankReference,
			"a bank refund needs the transfer's reference", nil)
	}
	lines, err := q.WithdrawalLinesOf(ctx, []int64{before.ID})
	if err != nil {
		return before, before, order, fmt.Errorf("shop: lines of withdrawal %d: %w", before.ID, err)
	}
	var amount int64
	var corrected []WithdrawalAsk
	for _, l := range lines {
		if l.Status == WithdrawalReceived {
			amount += l.UnitPriceCents * int64(l.Quantity)
			corrected = append(corrected, WithdrawalAsk{LineNo: l.LineNo, Quantity: l.Quantity})
		}
	}
	reason := fmt.Sprintf("desistimiento %d", before.ID)
	if r.Invoices != nil && len(corrected) > 0 {
		if err := r.Invoices.CorrectLines(ctx, tx, order.ID, reason, corrected); err != nil {
			return before, before, order, err
		}
	}
	refunded, err := q.RefundedWithdrawalCents(ctx, order.ID)
	if err != nil {
		return before, before, order, fmt.Errorf("shop: refunds of order %d: %w", order.ID, err)
	}
	to := PartiallyRefunded
	if refunded+amount >= order.TotalCents {
		to = Refunded
	}
	if _, order, err = Advance(ctx, tx, Step{
		OrderID: order.ID, Who: AdminActor, ActorUserID: r.ActorUserID, Pay: to,
		Note: localNote(order.Language, reason, fmt.Sprintf("desistência %d", before.ID)),
	}, Effects{}); err != nil {
		return before, before, order, err
	}
	if err := q.SetWithdrawalLinesRefunded(ctx, before.ID); err != nil {
		return before, before, order, fmt.Errorf("shop: refund lines of withdrawal %d: %w", before.ID, err)
	}
	if after, err = q.MarkWithdrawalRefunded(ctx, db.MarkWithdrawalRefundedParams{
		ID: before.ID, RefundCents: amount, RefundMethod: method, RefundReference: reference,
	}); err != nil {
		return before, before, order, fmt.Errorf("shop: refund withdrawal %d: %w", before.ID, err)
	}
	if redsys && amount > 0 {
		if r.Refunds == nil {
			return before, before, order, refuseWithdrawal(ReasonWithdrawalRefundFailed, "card refunds are not configured", nil)
		}
		attempt, err := q.AuthorisedAttempt(ctx, order.ID)
		if err != nil {
			return before, before, order, fmt.Errorf("shop: paid attempt of order %d: %w", order.ID, err)
		}
		if err := r.Refunds.QueueRefund(ctx, tx, attempt.RedsysOrder, amount, reason); err != nil {
			return before, before, order, err
		}
	}
	return before, after, order, nil
}
