package accountapi

import (
	"context"
	"errors"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/cart"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// WithCart serves SyncMyCart with the saved carts of carts.
func (h *Handler) WithCart(carts *cart.Saved) *Handler {
	h.carts = carts
	return h
}

// SyncMyCart stores the caller's cart and answers it as kept
// (cart.Saved.Sync).
func (h *Handler) SyncMyCart(ctx context.Context, req *connect.Request[saboresv1.SyncMyCartRequest]) (*connect.Response[saboresv1.SyncMyCartResponse], error) {
	if h.carts == nil {
		return nil, connect.NewError(connect.CodeUnimplemented, errors.New("carts are not kept on this server"))
	}
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	lines := make([]cart.SavedLine, len(req.Msg.GetLines()))
	for i, l := range req.Msg.GetLines() {
		lines[i] = cart.SavedLine{ProductID: l.GetProductId(), Quantity: l.GetQuantity()}
	}
	kept, err := h.carts.Sync(ctx, userID, lines, req.Msg.GetMerge())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.SyncMyCartResponse{Lines: make([]*saboresv1.SavedCartLine, len(kept))}
	for i, l := range kept {
		out.Lines[i] = &saboresv1.SavedCartLine{ProductId: l.ProductID, Quantity: l.Quantity}
	}
	return connect.NewResponse(out), nil
}
