// Package withdrawalapi is WithdrawalService's Connect handler: it reads
// the caller, calls the withdrawal module's use cases and maps their
// results to the contract.
package withdrawalapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/withdrawal"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements WithdrawalService.
type Handler struct {
	m *withdrawal.Service
}

var _ saboresv1connect.WithdrawalServiceHandler = (*Handler)(nil)

// New returns the handler of the withdrawal module m.
func New(m *withdrawal.Service) *Handler {
	return &Handler{m: m}
}

// GetMyWithdrawalOptions says what the caller may withdraw from their order.
func (h *Handler) GetMyWithdrawalOptions(ctx context.Context, req *connect.Request[saboresv1.GetMyWithdrawalOptionsRequest]) (*connect.Response[saboresv1.GetMyWithdrawalOptionsResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	v, err := h.m.Options(ctx, withdrawal.Target{OrderID: req.Msg.GetOrderId(), OwnerID: userID})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetMyWithdrawalOptionsResponse{Options: optionsToProto(v, req.Msg.GetLanguage())}), nil
}

// WithdrawMyOrder withdraws lines of the caller's order.
func (h *Handler) WithdrawMyOrder(ctx context.Context, req *connect.Request[saboresv1.WithdrawMyOrderRequest]) (*connect.Response[saboresv1.WithdrawMyOrderResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	w, err := h.m.Receive(ctx, withdrawal.Target{OrderID: req.Msg.GetOrderId(), OwnerID: userID}, asks(req.Msg.GetLines()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.WithdrawMyOrderResponse{Withdrawal: withdrawalToProto(w, req.Msg.GetLanguage())}), nil
}

// GetWithdrawalOptionsByLink is GetMyWithdrawalOptions for a link's holder.
func (h *Handler) GetWithdrawalOptionsByLink(ctx context.Context, req *connect.Request[saboresv1.GetWithdrawalOptionsByLinkRequest]) (*connect.Response[saboresv1.GetWithdrawalOptionsByLinkResponse], error) {
	v, err := h.m.Options(ctx, withdrawal.Target{Token: req.Msg.GetToken()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetWithdrawalOptionsByLinkResponse{Options: optionsToProto(v, req.Msg.GetLanguage())}), nil
}

// WithdrawByLink is WithdrawMyOrder for a link's holder.
func (h *Handler) WithdrawByLink(ctx context.Context, req *connect.Request[saboresv1.WithdrawByLinkRequest]) (*connect.Response[saboresv1.WithdrawByLinkResponse], error) {
	w, err := h.m.Receive(ctx, withdrawal.Target{Token: req.Msg.GetToken()}, asks(req.Msg.GetLines()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.WithdrawByLinkResponse{Withdrawal: withdrawalToProto(w, req.Msg.GetLanguage())}), nil
}
