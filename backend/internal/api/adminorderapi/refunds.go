package adminorderapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// orderRefunds lists an order's card and Bizum refunds, then its bank refunds.
func orderRefunds(ctx context.Context, q *db.Queries, orderID int64) ([]*saboresv1.OrderRefund, error) {
	cards, err := q.OrderPaymentRefunds(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("adminorderapi: refunds of order %d: %w", orderID, err)
	}
	banks, err := q.OrderBankRefunds(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("adminorderapi: bank refunds of order %d: %w", orderID, err)
	}
	out := make([]*saboresv1.OrderRefund, 0, len(cards)+len(banks))
	for _, r := range cards {
		if _, listed := apimap.RefundStates[r.PaymentRefund.Status]; listed {
			p := apimap.CardRefundToProto(r.PaymentRefund)
			p.AuthorisedAfterRefusal = r.AuthorisedAfterRefusal
			out = append(out, p)
		}
	}
	for _, r := range banks {
		out = append(out, apimap.BankRefundToProto(r.ID, r.AmountCents, r.BankReference, r.RefundedOn, r.CreatedAt))
	}
	return out, nil
}

// RetryRefund puts a failed or unknown card or Bizum refund back to ask
// (order.Service.RetryRefund).
func (h *Handler) RetryRefund(ctx context.Context, req *connect.Request[saboresv1.RetryRefundRequest]) (*connect.Response[saboresv1.RetryRefundResponse], error) {
	after, err := h.orders.RetryRefund(ctx, req.Msg.GetId(), auth.Caller(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RetryRefundResponse{Refund: apimap.CardRefundToProto(after)}), nil
}

// RecordBankRefund records the bank transfer that gave back a cancelled
// transfer order's money (order.Service.RecordBankRefund).
func (h *Handler) RecordBankRefund(ctx context.Context, req *connect.Request[saboresv1.RecordBankRefundRequest]) (*connect.Response[saboresv1.RecordBankRefundResponse], error) {
	m := req.Msg
	r := order.BankRefund{OrderID: m.GetOrderId(), AmountCents: m.GetAmountCents(), Reference: m.GetBankReference(), Day: m.GetRefundDate(), Today: time.Now(), By: auth.Caller(ctx)}
	after, row, err := h.orders.RecordBankRefund(ctx, r)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RecordBankRefundResponse{
		Order: apimap.OrderToProto(after.Row, after.Lines), Refund: apimap.BankRefundToProto(row.ID, row.AmountCents, row.BankReference, row.RefundedOn, row.CreatedAt),
	}), nil
}
