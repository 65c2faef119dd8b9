// Package adminwithdrawalapi is AdminWithdrawalService's Connect handler:
// the back office lists the withdrawals, records the goods received back
// and refunds them, through the withdrawal module's use cases.
package adminwithdrawalapi

import (
	"context"
	"strings"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminWithdrawalService.
type Handler struct {
	m *withdrawal.Service
}

var _ saboresv1connect.AdminWithdrawalServiceHandler = (*Handler)(nil)

// New returns the handler of the withdrawal module m.
func New(m *withdrawal.Service) *Handler {
	return &Handler{m: m}
}

// ListWithdrawals lists withdrawals for the back office, newest first.
func (h *Handler) ListWithdrawals(ctx context.Context, req *connect.Request[saboresv1.ListWithdrawalsRequest]) (*connect.Response[saboresv1.ListWithdrawalsResponse], error) {
	page, err := h.m.List(ctx, withdrawal.ListInput{
		Status: apimap.WithdrawalStatusText(req.Msg.GetStatus()), Page: req.Msg.GetPage(), PageSize: req.Msg.GetPageSize(),
	})
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListWithdrawalsResponse{TotalSize: int32(min(page.Total, 1<<30))} //nolint:gosec // capped
	for _, r := range page.Rows {
		w := apimap.WithdrawalToProto(db.Withdrawal{
			ID: r.ID, OrderID: r.OrderID, Status: r.Status, Channel: r.Channel, CancelledOrder: r.CancelledOrder,
			RequestedAt: r.RequestedAt, ReceivedAt: r.ReceivedAt, RefundedAt: r.RefundedAt, RefundCents: r.RefundCents,
			RefundMethod: r.RefundMethod, RefundReference: r.RefundReference, Note: r.Note,
		}, page.Lines, saboresv1.Language_LANGUAGE_ES)
		w.CustomerName, w.CustomerEmail = r.DeliveryName, r.DeliveryEmail
		w.PaymentMethod = apimap.PaymentMethod(r.PaymentMethod)
		if w.GetRefundCents() == 0 {
			w.RefundCents = withdrawal.AcceptedCents(r.ID, page.Lines)
		}
		out.Withdrawals = append(out.Withdrawals, w)
	}
	return connect.NewResponse(out), nil
}

// ReceiveWithdrawal records the goods received back.
func (h *Handler) ReceiveWithdrawal(ctx context.Context, req *connect.Request[saboresv1.ReceiveWithdrawalRequest]) (*connect.Response[saboresv1.ReceiveWithdrawalResponse], error) {
	r := withdrawal.GoodsReceipt{ID: req.Msg.GetId(), Rejected: map[int32]string{}, Note: strings.TrimSpace(req.Msg.GetNote()), By: auth.Caller(ctx)}
	for _, l := range req.Msg.GetRejected() {
		r.Rejected[l.GetLineNo()] = strings.TrimSpace(l.GetReason())
	}
	w, err := h.m.ReceiveGoods(ctx, r)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReceiveWithdrawalResponse{Withdrawal: toProto(w)}), nil
}

// RefundWithdrawal refunds a received withdrawal.
func (h *Handler) RefundWithdrawal(ctx context.Context, req *connect.Request[saboresv1.RefundWithdrawalRequest]) (*connect.Response[saboresv1.RefundWithdrawalResponse], error) {
	r := withdrawal.RefundInput{ID: req.Msg.GetId(), BankReference: req.Msg.GetBankReference(), By: auth.Caller(ctx)}
	w, err := h.m.Refund(ctx, r)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RefundWithdrawalResponse{Withdrawal: toProto(w)}), nil
}

// toProto maps w with its lines, in Spanish: the back office's language.
func toProto(w withdrawal.Withdrawal) *saboresv1.Withdrawal {
	return apimap.WithdrawalToProto(w.Withdrawal, w.Lines, saboresv1.Language_LANGUAGE_ES)
}
