package admin

import (
	"context"
	"errors"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shop"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// orderRefunds lists an order's card and Bizum refunds, then its bank refunds.
func orderRefunds(ctx context.Context, q *db.Queries, orderID int64) ([]*saboresv1.OrderRefund, error) {
	cards, err := q.OrderPaymentRefunds(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("admin: refunds of order %d: %w", orderID, err)
	}
	banks, err := q.OrderBankRefunds(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("admin: bank refunds of order %d: %w", orderID, err)
	}
	out := make([]*saboresv1.OrderRefund, 0, len(cards)+len(banks))
	for _, r := range cards {
		if _, listed := shop.RefundStates[r.PaymentRefund.Status]; listed {
			p := shop.CardRefundToProto(r.PaymentRefund)
			p.AuthorisedAfterRefusal = r.AuthorisedAfterRefusal
			out = append(out, p)
		}
	}
	for _, r := range banks {
		out = append(out, shop.BankRefundToProto(r.ID, r.AmountCents, r.BankReference, r.RefundedOn, r.CreatedAt))
	}
	return out, nil
}

// refundAudit is what the audit trail keeps of a card refund.
type refundAudit struct {
	Status string `json:"status"`
	Tries  int32  `json:"tries"`
}

// RetryRefund puts a failed or unknown card or Bizum refund back to ask,
// with its job and its audit event in one transaction.
func (s *Service) RetryRefund(ctx context.Context, req *connect.Request[saboresv1.RetryRefundRequest]) (*connect.Response[saboresv1.RetryRefundResponse], error) {
	id := req.Msg.GetId()
	if s.refunds == nil {
		return nil, &shop.RefundRefusal{Reason: shop.ReasonRefundNotRetryable, Message: "this shop takes no card payments"}
	}
	var after db.PaymentRefund
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, err := q.LockPaymentRefund(ctx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("admin: refund %d: %w", id, fault.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("admin: read refund %d: %w", id, err)
		}
		if before.Status != "failed" && before.Status != "unknown" {
			return &shop.RefundRefusal{Reason: shop.ReasonRefundNotRetryable, Message: "only a failed or unknown refund is asked again",
				Metadata: map[string]string{"status": before.Status}}
		}
		if err := s.refunds.RetryRefund(ctx, tx, id); err != nil {
			return err
		}
		if after, err = q.LockPaymentRefund(ctx, id); err != nil {
			return fmt.Errorf("admin: read refund %d: %w", id, err)
		}
		return shop.Audit(ctx, q, "refund.retry", fmt.Sprintf("payment_refund:%d", id),
			refundAudit{Status: before.Status, Tries: before.Tries}, refundAudit{Status: after.Status, Tries: after.Tries})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RetryRefundResponse{Refund: shop.CardRefundToProto(after)}), nil
}

// bankRefundAudit is what the audit trail keeps of a bank refund.
type bankRefundAudit struct {
	orderAudit
	AmountCents   int64  `json:"amount_cents"`
	BankReference string `json:"bank_reference"`
	Day           string `json:"day"`
}

// RecordBankRefund records the bank transfer that gave back a cancelled
// transfer order's money (shop.RecordBankRefund), audited, in one
// transaction with the shopper's e-mail.
func (s *Service) RecordBankRefund(ctx context.Context, req *connect.Request[saboresv1.RecordBankRefundRequest]) (*connect.Response[saboresv1.RecordBankRefundResponse], error) {
	m := req.Msg
	r := shop.BankRefund{OrderID: m.GetOrderId(), AmountCents: m.GetAmountCents(), Reference: m.GetBankReference(), Day: m.GetRefundDate(), Today: time.Now()}
	if id := shop.ActorUserID(ctx); id != nil {
		r.ActorUserID = *id
	}
	var row db.InsertBankRefundRow
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		before, err := q.GetOrder(ctx, r.OrderID)
		if err != nil {
			return fmt.Errorf("admin: read order %d: %w", r.OrderID, err)
		}
		var after db.Order
		if after, row, err = shop.RecordBankRefund(ctx, tx, r, s.mailer); err != nil {
			return err
		}
		return shop.Audit(ctx, q, "order.bank_refund", fmt.Sprintf("order:%d", r.OrderID), auditOf(before, ""),
			bankRefundAudit{orderAudit: auditOf(after, ""), AmountCents: row.AmountCents, BankReference: row.BankReference, Day: row.RefundedOn})
	})
	if err != nil {
		return nil, err
	}
	stored, err := s.q.GetOrder(ctx, r.OrderID)
	if err != nil {
		return nil, fmt.Errorf("admin: read order %d: %w", r.OrderID, err)
	}
	orders, err := shop.OrdersWithLines(ctx, s.q, []db.Order{stored})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RecordBankRefundResponse{
		Order: orders[0], Refund: shop.BankRefundToProto(row.ID, row.AmountCents, row.BankReference, row.RefundedOn, row.CreatedAt),
	}), nil
}

// orderAudit is what the audit trail keeps of an order's state, as the
// order module's desk steps keep it.
type orderAudit struct {
	Status         string `json:"status"`
	PaymentStatus  string `json:"payment_status"`
	Carrier        string `json:"carrier,omitempty"`
	TrackingNumber string `json:"tracking_number,omitempty"`
	Note           string `json:"note,omitempty"`
}

func auditOf(o db.Order, note string) orderAudit {
	return orderAudit{Status: o.Status, PaymentStatus: o.PaymentStatus, Carrier: o.Carrier, TrackingNumber: o.TrackingNumber, Note: note}
}
