package promotion

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// Source gives the promotions that may run on products (not ended
// at now), newest first per product, keyed by product id; pricing.Running
// picks the one that runs. Stored reads them from the database;
// cataloguecache keeps them all in memory for the storefront's reads.
type Source interface {
	Candidates(ctx context.Context, productIDs []int64, now time.Time) (map[int64][]pricing.Promotion, error)
	// All gives the candidates of every product, for sorting by the price
	// shown. The map may be shared: callers must not change it.
	All(ctx context.Context, now time.Time) (map[int64][]pricing.Promotion, error)
}

// Stored reads promotion candidates through Queries: checkout prices from
// the database as it is, not from shopd's in-memory snapshot.
type Stored struct {
	Queries *db.Queries
}

var _ Source = Stored{}

// OrStored is promos, or when nil the promotions stored in q's database:
// the storefront services take shopd's in-memory snapshot, their tests none.
func OrStored(promos Source, q *db.Queries) Source {
	if promos == nil {
		return Stored{Queries: q}
	}
	return promos
}

// Candidates reads the candidates of productIDs in one query.
func (s Stored) Candidates(ctx context.Context, productIDs []int64, now time.Time) (map[int64][]pricing.Promotion, error) {
	out := make(map[int64][]pricing.Promotion, len(productIDs))
	if len(productIDs) == 0 {
		return out, nil
	}
	rows, err := s.Queries.PromotionCandidatesFor(ctx, db.PromotionCandidatesForParams{ProductIds: productIDs, Now: now})
	if err != nil {
		return nil, fmt.Errorf("catalog: read promotions: %w", err)
	}
	for _, row := range rows {
		out[row.ProductID] = append(out[row.ProductID], promotionFromRow(row))
	}
	return out, nil
}

// All reads the candidates of every product.
func (s Stored) All(ctx context.Context, now time.Time) (map[int64][]pricing.Promotion, error) {
	rows, err := s.Queries.PromotionCandidatesAll(ctx, now)
	if err != nil {
		return nil, fmt.Errorf("catalog: read all promotions: %w", err)
	}
	out := make(map[int64][]pricing.Promotion)
	for _, row := range rows {
		out[row.ProductID] = append(out[row.ProductID], promotionFromRow(row))
	}
	return out, nil
}

// Promotions picks the promotion running at now on each product, keyed by
// product id; products without one are absent.
func Promotions(ctx context.Context, src Source, products []db.Product, now time.Time) (map[int64]pricing.Promotion, error) {
	ids := make([]int64, len(products))
	for i, p := range products {
		ids[i] = p.ID
	}
	candidates, err := src.Candidates(ctx, ids, now)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]pricing.Promotion, len(candidates))
	for _, p := range products {
		if promo, ok := pricing.Running(candidates[p.ID], p.PriceCents, now); ok {
			out[p.ID] = promo
		}
	}
	return out, nil
}

func promotionFromRow(row db.PromotionCandidate) pricing.Promotion {
	p := pricing.Promotion{
		ID:                  row.ID,
		Type:                promotionType(row.PromotionType),
		StartsAt:            row.StartsAt,
		EndsAt:              row.EndsAt,
		LowestPrice30dCents: row.LowestPrice30dCents,
	}
	if row.DiscountBasisPoints != nil {
		p.DiscountBasisPoints = *row.DiscountBasisPoints
	}
	if row.FixedPriceCents != nil {
		p.FixedPriceCents = *row.FixedPriceCents
	}
	return p
}

// promotionType maps a stored promotion_type to the pricing rule.
func promotionType(stored string) pricing.PromotionType {
	switch stored {
	case "percentage":
		return pricing.Percentage
	case "fixed_price":
		return pricing.FixedPrice
	default:
		return 0
	}
}
