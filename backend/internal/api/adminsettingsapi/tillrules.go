package adminsettingsapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// WithTill sets the till whose owner's rules the back office edits.
func (h *Handler) WithTill(t *till.Service) *Handler {
	h.till = t
	return h
}

// GetTillRules returns the owner's rules for the till.
func (h *Handler) GetTillRules(ctx context.Context, _ *connect.Request[saboresv1.GetTillRulesRequest]) (*connect.Response[saboresv1.GetTillRulesResponse], error) {
	r, err := h.till.Rules(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetTillRulesResponse{Rules: tillRules(r)}), nil
}

// UpdateTillRules saves the owner's rules for the till.
func (h *Handler) UpdateTillRules(ctx context.Context, req *connect.Request[saboresv1.UpdateTillRulesRequest]) (*connect.Response[saboresv1.UpdateTillRulesResponse], error) {
	r, err := h.till.SetRules(ctx, auth.Caller(ctx), till.Rules{MaxLineDiscountBasisPoints: req.Msg.GetRules().GetMaxLineDiscountBasisPoints()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateTillRulesResponse{Rules: tillRules(r)}), nil
}

// tillRules maps the till's rules.
func tillRules(r till.Rules) *saboresv1.TillRules {
	return &saboresv1.TillRules{MaxLineDiscountBasisPoints: r.MaxLineDiscountBasisPoints}
}
