package shop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/invoice"
)

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
