package admin

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// promotionPageSizes: the desk shows 50 promotions a page.
var promotionPageSizes = paging.Sizes{Default: 50, Max: 100}

// startGrace lets a start typed "now" in the form arrive a little late.
const startGrace = 5 * time.Minute

// terms are a promotion's terms as checked and stored, and as audited.
type terms struct {
	Type                string     `json:"type"`
	DiscountBasisPoints *int32     `json:"discount_basis_points,omitempty"`
	FixedPriceCents     *int64     `json:"fixed_price_cents,omitempty"`
	StartsAt            *time.Time `json:"starts_at"`
	EndsAt              *time.Time `json:"ends_at"`
}

// parseTerms checks what the contract's rules cannot: the amount that
// goes with the type, and an end after the start. An unset start is now.
func parseTerms(in *saboresv1.PromotionTerms, now time.Time) (terms, error) {
	var t terms
	switch in.GetType() {
	case saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE:
		bp := in.GetDiscountBasisPoints()
		if bp < 1 || in.GetFixedPriceCents() != 0 {
			return t, fault.InvalidField("terms.discount_basis_points", "a percentage needs a discount from 0.01 % to 99.99 % and no fixed price")
		}
		t.Type, t.DiscountBasisPoints = "percentage", &bp
	case saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE:
		price := in.GetFixedPriceCents()
		if in.GetDiscountBasisPoints() != 0 {
			return t, fault.InvalidField("terms.fixed_price_cents", "a fixed price has no discount percentage")
		}
		t.Type, t.FixedPriceCents = "fixed_price", &price
	default:
		return t, fault.InvalidField("terms.type", "must be a percentage or a fixed price")
	}
	start := now
	if in.GetStartTime() != nil {
		start = in.GetStartTime().AsTime()
	}
	end := in.GetEndTime().AsTime()
	if !end.After(start) {
		return t, fault.InvalidField("terms.end_time", "must be after the start")
	}
	t.StartsAt, t.EndsAt = &start, &end
	return t, nil
}

// checkTerms refuses, under the product's row lock, a fixed price that is
// no reduction and a window overlapping another promotion of the product
// that has not ended (except the one being edited, self).
func checkTerms(ctx context.Context, q *db.Queries, product db.Product, t terms, self int64, now time.Time) error {
	if t.FixedPriceCents != nil && *t.FixedPriceCents >= product.PriceCents {
		return &fault.Error{Kind: fault.Invalid, Reason: "PROMOTION_NOT_A_REDUCTION",
			Message:  fmt.Sprintf("the fixed price must be below the regular price of %d cents", product.PriceCents),
			Metadata: map[string]string{"regular_price_cents": strconv.FormatInt(product.PriceCents, 10)}}
	}
	others, err := q.PromotionsOfProduct(ctx, db.PromotionsOfProductParams{ProductID: product.ID, Now: now})
	if err != nil {
		return fmt.Errorf("admin: promotions of product %d: %w", product.ID, err)
	}
	mine := pricing.Window{Start: t.StartsAt, End: t.EndsAt}
	for _, o := range others {
		if o.ID == self || !pricing.Overlaps(mine, pricing.Window{Start: o.StartsAt, End: o.EndsAt}) {
			continue
		}
		meta := map[string]string{"promotion_id": strconv.FormatInt(o.ID, 10), "start": "", "end": ""}
		if o.StartsAt != nil {
			meta["start"] = o.StartsAt.UTC().Format(time.RFC3339)
		}
		if o.EndsAt != nil {
			meta["end"] = o.EndsAt.UTC().Format(time.RFC3339)
		}
		return &fault.Error{Kind: fault.Refused, Reason: "PROMOTION_OVERLAP",
			Message:  fmt.Sprintf("promotion %d of this product runs at the same time", o.ID),
			Metadata: meta}
	}
	return nil
}

// ListPromotions pages the promotions, newest first.
func (s *Service) ListPromotions(ctx context.Context, req *connect.Request[saboresv1.ListPromotionsRequest]) (*connect.Response[saboresv1.ListPromotionsResponse], error) {
	m := req.Msg
	window, err := paging.Page(m.GetPage(), m.GetPageSize(), promotionPageSizes)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	rows, err := s.q.AdminListPromotions(ctx, db.AdminListPromotionsParams{
		ProductID: m.GetProductId(), IncludeEnded: m.GetIncludeEnded(), Now: now,
		PageLimit: window.Size, PageOffset: window.Offset,
	})
	if err != nil {
		return nil, fmt.Errorf("admin: list promotions: %w", err)
	}
	total, err := s.q.AdminCountPromotions(ctx, db.AdminCountPromotionsParams{
		ProductID: m.GetProductId(), IncludeEnded: m.GetIncludeEnded(), Now: now,
	})
	if err != nil {
		return nil, fmt.Errorf("admin: count promotions: %w", err)
	}
	out := &saboresv1.ListPromotionsResponse{TotalSize: int32(total), Promotions: make([]*saboresv1.AdminPromotion, len(rows))}
	for i, r := range rows {
		out.Promotions[i] = promotionToAdmin(db.AdminGetPromotionRow(r), now)
	}
	return connect.NewResponse(out), nil
}

// CreatePromotion puts a product on promotion.
func (s *Service) CreatePromotion(ctx context.Context, req *connect.Request[saboresv1.CreatePromotionRequest]) (*connect.Response[saboresv1.CreatePromotionResponse], error) {
	now := time.Now()
	t, err := parseTerms(req.Msg.GetTerms(), now)
	if err != nil {
		return nil, err
	}
	if t.StartsAt.Before(now.Add(-startGrace)) {
		return nil, startsInPast()
	}
	productID := req.Msg.GetProductId()
	var out *saboresv1.AdminPromotion
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, productID)
		if err != nil {
			return catalogue.ProductNotFound(err, productID)
		}
		if err := checkTerms(ctx, q, row.Product, t, 0, now); err != nil {
			return err
		}
		id, err := q.InsertPromotion(ctx, db.InsertPromotionParams{
			ProductID: productID, PromotionType: t.Type, DiscountBasisPoints: t.DiscountBasisPoints,
			FixedPriceCents: t.FixedPriceCents, StartsAt: t.StartsAt, EndsAt: t.EndsAt,
		})
		if err != nil {
			return fmt.Errorf("admin: create promotion: %w", err)
		}
		if out, err = readPromotion(ctx, q, id, now); err != nil {
			return err
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "promotion.create", promotionEntity(id), nil,
			struct {
				ProductID int64 `json:"product_id"`
				terms
			}{productID, t})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreatePromotionResponse{Promotion: out}), nil
}

// UpdatePromotion changes a promotion that has not ended. A start already
// passed may stay where it is, not move into the past.
func (s *Service) UpdatePromotion(ctx context.Context, req *connect.Request[saboresv1.UpdatePromotionRequest]) (*connect.Response[saboresv1.UpdatePromotionResponse], error) {
	now := time.Now()
	t, err := parseTerms(req.Msg.GetTerms(), now)
	if err != nil {
		return nil, err
	}
	id := req.Msg.GetId()
	var out *saboresv1.AdminPromotion
	err = s.withPromotion(ctx, id, func(q *db.Queries, product db.Product, before db.AdminGetPromotionRow) error {
		if promotionState(before, now) == saboresv1.PromotionState_PROMOTION_STATE_ENDED {
			return promotionEnded(id)
		}
		if t.StartsAt.Before(now.Add(-startGrace)) && (before.StartsAt == nil || !t.StartsAt.Equal(*before.StartsAt)) {
			return startsInPast()
		}
		if err := checkTerms(ctx, q, product, t, id, now); err != nil {
			return err
		}
		if err := q.UpdatePromotion(ctx, db.UpdatePromotionParams{
			PromotionType: t.Type, DiscountBasisPoints: t.DiscountBasisPoints, FixedPriceCents: t.FixedPriceCents,
			StartsAt: t.StartsAt, EndsAt: t.EndsAt, ID: id,
		}); err != nil {
			return fmt.Errorf("admin: update promotion %d: %w", id, err)
		}
		var err error
		if out, err = readPromotion(ctx, q, id, now); err != nil {
			return err
		}
		old := terms{Type: before.PromotionType, DiscountBasisPoints: before.DiscountBasisPoints,
			FixedPriceCents: before.FixedPriceCents, StartsAt: before.StartsAt, EndsAt: before.EndsAt}
		return audit.Record(ctx, q, auth.Caller(ctx), "promotion.update", promotionEntity(id), old, t)
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdatePromotionResponse{Promotion: out}), nil
}

// EndPromotion ends a running promotion now or withdraws a scheduled one;
// one already ended stays as it is.
func (s *Service) EndPromotion(ctx context.Context, req *connect.Request[saboresv1.EndPromotionRequest]) (*connect.Response[saboresv1.EndPromotionResponse], error) {
	now := time.Now()
	id := req.Msg.GetId()
	var out *saboresv1.AdminPromotion
	err := s.withPromotion(ctx, id, func(q *db.Queries, _ db.Product, before db.AdminGetPromotionRow) error {
		state := promotionState(before, now)
		if state != saboresv1.PromotionState_PROMOTION_STATE_ENDED {
			if err := q.EndPromotion(ctx, db.EndPromotionParams{Now: now, ID: id}); err != nil {
				return fmt.Errorf("admin: end promotion %d: %w", id, err)
			}
		}
		var err error
		if out, err = readPromotion(ctx, q, id, now); err != nil {
			return err
		}
		if state == saboresv1.PromotionState_PROMOTION_STATE_ENDED {
			return nil
		}
		type ending struct {
			State  string     `json:"state"`
			EndsAt *time.Time `json:"ends_at"`
		}
		return audit.Record(ctx, q, auth.Caller(ctx), "promotion.end", promotionEntity(id),
			ending{State: state.String(), EndsAt: before.EndsAt}, ending{State: "ended", EndsAt: &now})
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.EndPromotionResponse{Promotion: out}), nil
}

// withPromotion runs fn in a transaction holding the row lock of the
// promotion's product (the lock every promotion change of a product
// takes, so the overlap check sees every other change), with the
// promotion as it is then.
func (s *Service) withPromotion(ctx context.Context, id int64, fn func(*db.Queries, db.Product, db.AdminGetPromotionRow) error) error {
	first, err := s.q.AdminGetPromotion(ctx, id)
	if err != nil {
		return promotionNotFound(err, id)
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, first.ProductID)
		if err != nil {
			return catalogue.ProductNotFound(err, first.ProductID)
		}
		current, err := q.AdminGetPromotion(ctx, id)
		if err != nil {
			return promotionNotFound(err, id)
		}
		return fn(q, row.Product, current)
	})
}

func readPromotion(ctx context.Context, q *db.Queries, id int64, now time.Time) (*saboresv1.AdminPromotion, error) {
	row, err := q.AdminGetPromotion(ctx, id)
	if err != nil {
		return nil, promotionNotFound(err, id)
	}
	return promotionToAdmin(row, now), nil
}

// promotionState says where a promotion stands at now, by pricing.Running's
// reading of its window.
func promotionState(r db.AdminGetPromotionRow, now time.Time) saboresv1.PromotionState {
	switch {
	case !r.IsActive || r.EndsAt != nil && r.EndsAt.Before(now):
		return saboresv1.PromotionState_PROMOTION_STATE_ENDED
	case r.StartsAt != nil && r.StartsAt.After(now):
		return saboresv1.PromotionState_PROMOTION_STATE_SCHEDULED
	default:
		return saboresv1.PromotionState_PROMOTION_STATE_RUNNING
	}
}

// promotionToAdmin maps a promotion with its price and label as the
// storefront computes them (pricing.Apply against the 30-day reference).
func promotionToAdmin(r db.AdminGetPromotionRow, now time.Time) *saboresv1.AdminPromotion {
	p := pricing.Promotion{ID: r.ID, StartsAt: r.StartsAt, EndsAt: r.EndsAt, LowestPrice30dCents: r.LowestPrice30dCents}
	out := &saboresv1.AdminPromotion{
		Id: r.ID, ProductId: r.ProductID, ProductName: r.ProductName, State: promotionState(r, now),
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

func promotionEntity(id int64) string { return "promotion:" + strconv.FormatInt(id, 10) }

func startsInPast() error {
	return &fault.Error{Kind: fault.Invalid, Reason: "PROMOTION_STARTS_IN_PAST", Field: "terms.start_time",
		Message: "terms.start_time: a promotion cannot start in the past", Metadata: map[string]string{"field": "terms.start_time"}}
}

func promotionEnded(id int64) error {
	return &fault.Error{Kind: fault.Refused, Reason: "PROMOTION_ENDED",
		Message: fmt.Sprintf("promotion %d has ended", id), Metadata: map[string]string{"promotion_id": strconv.FormatInt(id, 10)}}
}

func promotionNotFound(err error, id int64) error {
	if !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("admin: read promotion %d: %w", id, err)
	}
	return &fault.Error{Kind: fault.NotFound, Reason: "PROMOTION_NOT_FOUND",
		Message: fmt.Sprintf("promotion %d does not exist", id), Metadata: map[string]string{"promotion_id": strconv.FormatInt(id, 10)}}
}
