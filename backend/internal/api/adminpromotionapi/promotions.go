package adminpromotionapi

import (
	"context"
	"fmt"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/promotion"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// pageSizes: the desk shows 50 promotions a page.
var pageSizes = paging.Sizes{Default: 50, Max: 100}

// ListPromotions pages the promotions, newest first.
func (h *Handler) ListPromotions(ctx context.Context, req *connect.Request[saboresv1.ListPromotionsRequest]) (*connect.Response[saboresv1.ListPromotionsResponse], error) {
	m := req.Msg
	window, err := paging.Page(m.GetPage(), m.GetPageSize(), pageSizes)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	rows, err := h.q.AdminListPromotions(ctx, db.AdminListPromotionsParams{
		ProductID: m.GetProductId(), IncludeEnded: m.GetIncludeEnded(), Now: now,
		PageLimit: window.Size, PageOffset: window.Offset,
	})
	if err != nil {
		return nil, fmt.Errorf("adminpromotionapi: list promotions: %w", err)
	}
	total, err := h.q.AdminCountPromotions(ctx, db.AdminCountPromotionsParams{
		ProductID: m.GetProductId(), IncludeEnded: m.GetIncludeEnded(), Now: now,
	})
	if err != nil {
		return nil, fmt.Errorf("adminpromotionapi: count promotions: %w", err)
	}
	out := &saboresv1.ListPromotionsResponse{TotalSize: int32(total), Promotions: make([]*saboresv1.AdminPromotion, len(rows))}
	for i, r := range rows {
		out.Promotions[i] = promotionToAdmin(db.AdminGetPromotionRow(r), now)
	}
	return connect.NewResponse(out), nil
}

// termsOf maps the desk's terms to the promotion module's; an unknown
// type is the zero type, which the module refuses.
func termsOf(in *saboresv1.PromotionTerms) promotion.Terms {
	t := promotion.Terms{
		DiscountBasisPoints: in.GetDiscountBasisPoints(), FixedPriceCents: in.GetFixedPriceCents(),
		EndsAt: in.GetEndTime().AsTime(),
	}
	switch in.GetType() {
	case saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE:
		t.Type = pricing.Percentage
	case saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE:
		t.Type = pricing.FixedPrice
	}
	if in.GetStartTime() != nil {
		start := in.GetStartTime().AsTime()
		t.StartsAt = &start
	}
	return t
}

// CreatePromotion puts a product on promotion (promotion.Service.Create).
func (h *Handler) CreatePromotion(ctx context.Context, req *connect.Request[saboresv1.CreatePromotionRequest]) (*connect.Response[saboresv1.CreatePromotionResponse], error) {
	now := time.Now()
	row, err := h.promotions.Create(ctx, auth.Caller(ctx), now, req.Msg.GetProductId(), termsOf(req.Msg.GetTerms()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreatePromotionResponse{Promotion: promotionToAdmin(row, now)}), nil
}

// UpdatePromotion changes a promotion that has not ended
// (promotion.Service.Update).
func (h *Handler) UpdatePromotion(ctx context.Context, req *connect.Request[saboresv1.UpdatePromotionRequest]) (*connect.Response[saboresv1.UpdatePromotionResponse], error) {
	now := time.Now()
	row, err := h.promotions.Update(ctx, auth.Caller(ctx), now, req.Msg.GetId(), termsOf(req.Msg.GetTerms()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdatePromotionResponse{Promotion: promotionToAdmin(row, now)}), nil
}

// EndPromotion ends a running promotion now or withdraws a scheduled one
// (promotion.Service.End).
func (h *Handler) EndPromotion(ctx context.Context, req *connect.Request[saboresv1.EndPromotionRequest]) (*connect.Response[saboresv1.EndPromotionResponse], error) {
	now := time.Now()
	row, err := h.promotions.End(ctx, auth.Caller(ctx), now, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.EndPromotionResponse{Promotion: promotionToAdmin(row, now)}), nil
}

// promotionStates are the contract's states of a promotion.
var promotionStates = map[promotion.State]saboresv1.PromotionState{
	promotion.Running:   saboresv1.PromotionState_PROMOTION_STATE_RUNNING,
	promotion.Scheduled: saboresv1.PromotionState_PROMOTION_STATE_SCHEDULED,
	promotion.Ended:     saboresv1.PromotionState_PROMOTION_STATE_ENDED,
}

// promotionToAdmin maps a promotion with its price and label as the
// storefront computes them (pricing.Apply against the 30-day reference).
func promotionToAdmin(r db.AdminGetPromotionRow, now time.Time) *saboresv1.AdminPromotion {
	p := pricing.Promotion{ID: r.ID, StartsAt: r.StartsAt, EndsAt: r.EndsAt, LowestPrice30dCents: r.LowestPrice30dCents}
	out := &saboresv1.AdminPromotion{
		Id: r.ID, ProductId: r.ProductID, ProductName: r.ProductName, State: promotionStates[promotion.StateOf(r, now)],
		RegularPriceCents: r.RegularPriceCents, LowestPrice_30DCents: r.LowestPrice30dCents,
	}
	switch r.PromotionType {
	case "percentage":
		p.Type, out.Type = pricing.Percentage, saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE
	case "fixed_price":
		p.Type, out.Type = pricing.FixedPrice, saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE
	}
	if r.DiscountBasisPoints != nil {
		p.DiscountBasisPoints, out.DiscountBasisPoints = *r.DiscountBasisPoints, *r.DiscountBasisPoints
	}
	if r.FixedPriceCents != nil {
		p.FixedPriceCents, out.FixedPriceCents = *r.FixedPriceCents, *r.FixedPriceCents
	}
	if r.StartsAt != nil {
		out.StartTime = timestamppb.New(*r.StartsAt)
	}
	if r.EndsAt != nil {
		out.EndTime = timestamppb.New(*r.EndsAt)
	}
	if d, ok := pricing.Apply(r.RegularPriceCents, p); ok {
		out.PriceCents, out.Label = d.PriceCents, d.Label
	} else {
		out.PriceCents = r.RegularPriceCents
	}
	return out
}
