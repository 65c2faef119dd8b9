// Package admindiscountapi serves AdminDiscountCodeService over Connect:
// the back office's discount codes, through the discount module's use
// cases.
package admindiscountapi

import (
	"context"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgtype"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/discount"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminDiscountCodeService.
type Handler struct {
	codes *discount.Service
}

var _ saboresv1connect.AdminDiscountCodeServiceHandler = (*Handler)(nil)

// New returns the handler of the discount module's use cases.
func New(codes *discount.Service) *Handler {
	return &Handler{codes: codes}
}

// ListDiscountCodes lists the codes with their use.
func (h *Handler) ListDiscountCodes(ctx context.Context, _ *connect.Request[saboresv1.ListDiscountCodesRequest]) (*connect.Response[saboresv1.ListDiscountCodesResponse], error) {
	rows, err := h.codes.List(ctx)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListDiscountCodesResponse{Codes: make([]*saboresv1.AdminDiscountCode, len(rows))}
	for i, r := range rows {
		c := codeToProto(db.DiscountCode{
			ID: r.ID, Code: r.Code, Kind: r.Kind, PercentBasisPoints: r.PercentBasisPoints, AmountCents: r.AmountCents,
			MinimumCents: r.MinimumCents, StartsOn: r.StartsOn, EndsOn: r.EndsOn, MaxUses: r.MaxUses,
			MaxUsesPerShopper: r.MaxUsesPerShopper, Uses: r.Uses, FirstOrderOnly: r.FirstOrderOnly,
			FreeShipping: r.FreeShipping, ExcludedProductIds: r.ExcludedProductIds, ExcludedCategories: r.ExcludedCategories,
			PausedAt: r.PausedAt, CreatedAt: r.CreatedAt,
		})
		c.DiscountedCents, c.ShippingWaivedCents = r.DiscountedCents, r.ShippingWaivedCents
		res.Codes[i] = c
	}
	return connect.NewResponse(res), nil
}

// CreateDiscountCode creates a code, audited.
func (h *Handler) CreateDiscountCode(ctx context.Context, req *connect.Request[saboresv1.CreateDiscountCodeRequest]) (*connect.Response[saboresv1.CreateDiscountCodeResponse], error) {
	s := req.Msg.GetSpec()
	kind := discount.Percentage
	if s.GetKind() == saboresv1.DiscountKind_DISCOUNT_KIND_FIXED {
		kind = discount.Fixed
	}
	row, err := h.codes.Create(ctx, auth.Caller(ctx), discount.Spec{
		Code: s.GetCode(), Kind: kind, PercentBasisPoints: s.GetPercentBasisPoints(), AmountCents: s.GetAmountCents(),
		MinimumCents: s.GetMinimumCents(), StartsOn: s.GetStartsOn(), EndsOn: s.GetEndsOn(),
		MaxUses: s.GetMaxUses(), MaxUsesPerShopper: s.GetMaxUsesPerShopper(), FirstOrderOnly: s.GetFirstOrderOnly(),
		FreeShipping: s.GetFreeShipping(), ExcludedProducts: s.GetExcludedProductIds(), ExcludedCategories: s.GetExcludedCategories(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateDiscountCodeResponse{Code: codeToProto(row)}), nil
}

// SetDiscountCodePaused pauses or resumes a code, audited.
func (h *Handler) SetDiscountCodePaused(ctx context.Context, req *connect.Request[saboresv1.SetDiscountCodePausedRequest]) (*connect.Response[saboresv1.SetDiscountCodePausedResponse], error) {
	row, err := h.codes.SetPaused(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetPaused())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SetDiscountCodePausedResponse{Code: codeToProto(row)}), nil
}

func codeToProto(r db.DiscountCode) *saboresv1.AdminDiscountCode {
	kind := saboresv1.DiscountKind_DISCOUNT_KIND_PERCENTAGE
	if discount.Kind(r.Kind) == discount.Fixed {
		kind = saboresv1.DiscountKind_DISCOUNT_KIND_FIXED
	}
	return &saboresv1.AdminDiscountCode{
		Id: r.ID, Paused: r.PausedAt != nil, Uses: r.Uses, CreateTime: timestamppb.New(r.CreatedAt),
		Spec: &saboresv1.DiscountCodeSpec{
			Code: r.Code, Kind: kind, PercentBasisPoints: r.PercentBasisPoints, AmountCents: r.AmountCents,
			MinimumCents: r.MinimumCents, StartsOn: dayText(r.StartsOn), EndsOn: dayText(r.EndsOn),
			MaxUses: r.MaxUses, MaxUsesPerShopper: r.MaxUsesPerShopper, FirstOrderOnly: r.FirstOrderOnly,
			FreeShipping: r.FreeShipping, ExcludedProductIds: r.ExcludedProductIds, ExcludedCategories: r.ExcludedCategories,
		},
	}
}

func dayText(d pgtype.Date) string {
	if !d.Valid {
		return ""
	}
	return d.Time.Format("2006-01-02")
}
