package order

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/money"
)

// CancelRefundReason is the reason recorded with the refund of a cancelled
// order's payment.
const CancelRefundReason = "order cancelled"

// refundCancelled gives back the whole card or Bizum payment of an order
// just cancelled (Cancel's done), in the cancellation's transaction tx: the
// refund is queued and the payment moves to refunded in the timeline. who
// moves the payment: the admin cancelling, or the system when the shopper
// cancelled (a shopper takes no payment step). Any other order (unpaid,
// paid by transfer or on delivery) is returned unchanged: a transfer's
// money goes back by hand. A cancellation that found the order already
// cancelled never gets here, so a repeated cancel queues no second refund.
func (s *Service) refundCancelled(ctx context.Context, tx pgx.Tx, order db.Order, who Actor, actorUserID int64) (db.Order, error) {
	if Payment(order.PaymentStatus) != Paid || (order.PaymentMethod != "card" && order.PaymentMethod != "bizum") {
		return order, nil
	}
	if s.refunds == nil {
		return order, errors.New("order: card refunds are not configured")
	}
	attempt, err := db.New(tx).AuthorisedAttempt(ctx, order.ID)
	if err != nil {
		return order, fmt.Errorf("order: paid attempt of cancelled order %d: %w", order.ID, err)
	}
	if err := s.refunds.QueueRefund(ctx, tx, attempt.RedsysOrder, attempt.AmountCents, CancelRefundReason); err != nil {
		return order, err
	}
	if who == ShopperActor {
		who, actorUserID = SystemActor, 0
	}
	_, after, err := Advance(ctx, tx, Step{
		OrderID: order.ID, Who: who, ActorUserID: actorUserID, Pay: Refunded,
		Note: LocalNote(order.Language,
			fmt.Sprintf("Devolución de %s pedida a Redsys (pedido %s)", money.Format(attempt.AmountCents, "es"), attempt.RedsysOrder),
			fmt.Sprintf("Reembolso de %s pedido à Redsys (pedido %s)", money.Format(attempt.AmountCents, "pt"), attempt.RedsysOrder)),
	}, Effects{})
	if err != nil {
		return order, err
	}
	if err := CorrectCancelled(ctx, tx, s.invoicer, order.ID); err != nil {
		return order, err
	}
	return after, nil
}

// RefundQueue queues the refund of a card or Bizum payment, named by its
// Redsys order number, in the caller's transaction tx: a River job that
// asks Redsys's REST interface, retries, and records every try in
// payment_refunds (jobs.RefundQueue).
type RefundQueue interface {
	QueueRefund(ctx context.Context, tx pgx.Tx, redsysOrder string, amountCents int64, reason string) error
}

// CancelInvoiceReason is the reason a cancelled order's corrective invoice
// gives.
const CancelInvoiceReason = "pedido cancelado"

// CorrectCancelled issues through iv the corrective invoice of everything
// a cancelled and refunded order's invoices still charge, in the refund's
// transaction: the register then shows the refund the payments show. An
// iv without an Issuer reads the shop's identity from the settings. An
// order paid while the shop's identity was missing has no invoice to
// correct: logged for the owner, as a payment without an invoice is.
func CorrectCancelled(ctx context.Context, tx pgx.Tx, iv invoice.Invoicer, orderID int64) error {
	if iv.Issuer == nil {
		iv.Issuer = invoice.SettingsIssuer{}
	}
	_, err := iv.IssueCorrective(ctx, tx, orderID, CancelInvoiceReason)
	if errors.Is(err, invoice.ErrInvoicingHeld) {
		slog.WarnContext(ctx, "cancelled order refunded; its corrective invoice waits until invoicing is no longer held after the restore", "order", orderID)
		return invoice.AwaitInvoice(ctx, tx, orderID, invoice.Corrective, CancelInvoiceReason, time.Now())
	}
	if errors.Is(err, invoice.ErrNotInvoiced) || errors.Is(err, invoice.ErrIssuerMissing) {
		slog.WarnContext(ctx, "cancelled order refunded without a corrective invoice", "order", orderID, "cause", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("shop: corrective invoice of cancelled order %d: %w", orderID, err)
	}
	return nil
}

// correctCancelled corrects through an invoicer with no submission queue,
// as the bank refunds (bank_refund.go) always have: their records wait for
// the next submission another record queues.
func correctCancelled(ctx context.Context, tx pgx.Tx, orderID int64) error {
	return CorrectCancelled(ctx, tx, invoice.Invoicer{}, orderID)
}
