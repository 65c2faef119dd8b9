package withdrawal

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/order"
)

// Refund methods, as withdrawals.refund_method stores them.
const (
	RefundRedsys       = "redsys"
	RefundBankTransfer = "bank_transfer"
)

// refund refunds the accepted lines of a received withdrawal in
// tx: the corrective invoice, the order's payment moved to refunded or
// partially refunded, the withdrawal and its lines marked refunded, and for
// a card or Bizum payment the refund of those lines recorded and queued
// (the River job asks Redsys once tx commits, retries a refusal, and the
// order desk shows a refund that failed). The withdrawal row stays locked
// meanwhile: a second click waits and finds it refunded.
func (s *Service) refund(ctx context.Context, tx pgx.Tx, r RefundInput) (before, after db.Withdrawal, err error) {
	var ord db.Order
	q := db.New(tx)
	if before, err = q.GetWithdrawalForUpdate(ctx, r.ID); err != nil {
		return before, before, fmt.Errorf("withdrawal: withdrawal %d: %w", r.ID, err)
	}
	if before.Status != WithdrawalReceived {
		return before, before, refuse(ReasonWithdrawalNotReceived, "only a received withdrawal is refunded",
			map[string]string{"status": before.Status})
	}
	if ord, err = q.GetOrder(ctx, before.OrderID); err != nil {
		return before, before, fmt.Errorf("withdrawal: order of withdrawal %d: %w", before.ID, err)
	}
	pay := order.Payment(ord.PaymentStatus)
	if pay != order.Paid && pay != order.PartiallyRefunded {
		return before, before, refuse(ReasonWithdrawalNotPaid, "the order was not paid", nil)
	}
	method, reference := RefundBankTransfer, strings.TrimSpace(r.BankReference)
	redsys := ord.PaymentMethod == "card" || ord.PaymentMethod == "bizum"
	if redsys {
		method, reference = RefundRedsys, ""
	} else if reference == "" {
		return before, before, refuse(ReasonWithdrawalBankReference,
			"a bank refund needs the transfer's reference", nil)
	}
	lines, err := q.WithdrawalLinesOf(ctx, []int64{before.ID})
	if err != nil {
		return before, before, fmt.Errorf("withdrawal: lines of withdrawal %d: %w", before.ID, err)
	}
	var amount int64
	var corrected []Ask
	for _, l := range lines {
		if l.Status == WithdrawalReceived {
			corrected = append(corrected, Ask{LineNo: l.LineNo, Quantity: l.Quantity})
		}
	}
	reason := fmt.Sprintf("desistimiento %d", before.ID)
	if len(corrected) > 0 {
		// What goes back is what the corrective invoice takes back: the
		// lines' prices less their share of the order's discount code
		// (invoice.IssueCorrective), so the shopper never gets back more
		// than they paid and the refund and the invoice agree to the cent.
		inv, err := s.correct(ctx, tx, ord, reason, corrected)
		if err != nil {
			return before, before, err
		}
		amount = -inv.TotalCents
	}
	refunded, err := q.RefundedWithdrawalCents(ctx, ord.ID)
	if err != nil {
		return before, before, fmt.Errorf("withdrawal: refunds of order %d: %w", ord.ID, err)
	}
	to := order.PartiallyRefunded
	if refunded+amount >= ord.TotalCents {
		to = order.Refunded
	}
	if _, ord, err = order.Advance(ctx, tx, order.Step{
		OrderID: ord.ID, Who: order.AdminActor, ActorUserID: r.By.UserID, Pay: to,
		Note: order.LocalNote(ord.Language, reason, fmt.Sprintf("desistência %d", before.ID)),
	}, order.Effects{}); err != nil {
		return before, before, err
	}
	if err := q.SetWithdrawalLinesRefunded(ctx, before.ID); err != nil {
		return before, before, fmt.Errorf("withdrawal: refund lines of withdrawal %d: %w", before.ID, err)
	}
	if after, err = q.MarkWithdrawalRefunded(ctx, db.MarkWithdrawalRefundedParams{
		ID: before.ID, RefundCents: amount, RefundMethod: method, RefundReference: reference,
	}); err != nil {
		return before, before, fmt.Errorf("withdrawal: refund withdrawal %d: %w", before.ID, err)
	}
	if redsys && amount > 0 {
		if s.refunds == nil {
			return before, before, refuse(ReasonWithdrawalRefundFailed, "card refunds are not configured", nil)
		}
		attempt, err := q.AuthorisedAttempt(ctx, ord.ID)
		if err != nil {
			return before, before, fmt.Errorf("withdrawal: paid attempt of order %d: %w", ord.ID, err)
		}
		if err := s.refunds.QueueRefund(ctx, tx, attempt.RedsysOrder, amount, reason); err != nil {
			return before, before, err
		}
	}
	return before, after, nil
}

// correct issues the corrective invoice of refunded lines, after the
// order's simplified invoice when it has none yet (an order paid before
// invoices were issued on payment).
func (s *Service) correct(ctx context.Context, tx pgx.Tx, ord db.Order, reason string, lines []Ask) (db.Invoice, error) {
	if order.Payment(ord.PaymentStatus) == order.Paid {
		if _, err := s.invoice.IssueForPaidOrder(ctx, tx, ord.ID); err != nil {
			return db.Invoice{}, err
		}
	}
	corrections := make([]invoice.Correction, len(lines))
	for i, l := range lines {
		corrections[i] = invoice.Correction{LineNo: l.LineNo, Quantity: l.Quantity}
	}
	return s.invoice.IssueCorrective(ctx, tx, ord.ID, reason, corrections...)
}
