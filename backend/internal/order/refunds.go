package order

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
)

// refundAudit is what the audit trail keeps of a card refund.
type refundAudit struct {
	Status string `json:"status"`
	Tries  int32  `json:"tries"`
}

// RetryRefund puts a failed or unknown card or Bizum refund back to ask,
// with its job and its audit event in one transaction, and returns it as
// it then stands.
func (s *Service) RetryRefund(ctx context.Context, id int64, by audit.Caller) (db.PaymentRefund, error) {
	if s.refunds == nil {
		return db.PaymentRefund{}, &RefundRefusal{Reason: ReasonRefundNotRetryable, Message: "this shop takes no card payments"}
	}
	var after db.PaymentRefund
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		before, err := q.LockPaymentRefund(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("order: refund %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("order: read refund %d: %w", id, err)
		}
		if before.Status != "failed" && before.Status != "unknown" {
			return &RefundRefusal{Reason: ReasonRefundNotRetryable, Message: "only a failed or unknown refund is asked again",
				Metadata: map[string]string{"status": before.Status}}
		}
		if err := s.refunds.RetryRefund(ctx, tx, id); err != nil {
			return err
		}
		if after, err = q.LockPaymentRefund(ctx, id); err != nil {
			return fmt.Errorf("order: read refund %d: %w", id, err)
		}
		return audit.Record(ctx, q, by, "refund.retry", fmt.Sprintf("payment_refund:%d", id),
			refundAudit{Status: before.Status, Tries: before.Tries}, refundAudit{Status: after.Status, Tries: after.Tries})
	})
	if err != nil {
		return db.PaymentRefund{}, err
	}
	return after, nil
}

// bankRefundAudit is what the audit trail keeps of a bank refund.
type bankRefundAudit struct {
	orderAudit
	AmountCents   int64  `json:"amount_cents"`
	BankReference string `json:"bank_reference"`
	Day           string `json:"day"`
}

// RecordBankRefund records the bank transfer that gave back a cancelled
// transfer order's money (RecordBankRefund), audited, in one
// transaction with the shopper's e-mail, and returns the order and the
// refund recorded.
func (s *Service) RecordBankRefund(ctx context.Context, r BankRefund) (Order, db.InsertBankRefundRow, error) {
	var row db.InsertBankRefundRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.queries.WithTx(tx)
		before, err := q.GetOrder(ctx, r.OrderID)
		if err != nil {
			return fmt.Errorf("order: read order %d: %w", r.OrderID, err)
		}
		var after db.Order
		if after, row, err = RecordBankRefund(ctx, tx, r, s.mailer); err != nil {
			return err
		}
		return audit.Record(ctx, q, r.By, "order.bank_refund", fmt.Sprintf("order:%d", r.OrderID), auditOf(before, ""),
			bankRefundAudit{orderAudit: auditOf(after, ""), AmountCents: row.AmountCents, BankReference: row.BankReference, Day: row.RefundedOn})
	})
	if err != nil {
		return Order{}, row, err
	}
	stored, err := s.queries.GetOrder(ctx, r.OrderID)
	if err != nil {
		return Order{}, row, fmt.Errorf("order: read order %d: %w", r.OrderID, err)
	}
	orders, err := WithLines(ctx, s.queries, []db.Order{stored})
	if err != nil {
		return Order{}, row, err
	}
	return orders[0], row, nil
}
