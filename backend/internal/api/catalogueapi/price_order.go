package catalogueapi

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// shown is a product with the price a shopper sees for it.
type shown struct {
	product db.Product
	cents   int64
}

// compareShown orders by the price shown, then id, as the price indexes do;
// desc reverses both.
func compareShown(a, b shown, desc bool) int {
	c := cmp.Or(cmp.Compare(a.cents, b.cents), cmp.Compare(a.product.ID, b.product.ID))
	if desc {
		return -c
	}
	return c
}

// byShownPrice lists a page in the order of the price the shopper sees,
// promotions included. The products on a promotion now are a few hundred
// at most and known from memory; they are read by id, left out of the
// index walk (which then gives every other product in price order, as
// before) and merged in. A page at offset O of L products needs at most the
// regular products from O-k to O+L, k being the promoted ones that match.
func (s *Handler) byShownPrice(ctx context.Context, f listFilter, desc bool) ([]db.Product, error) {
	now := time.Now()
	all, err := s.promos.All(ctx, now)
	if err != nil {
		return nil, err
	}
	var promoted []shown
	if len(all) > 0 {
		ids := make([]int64, 0, len(all))
		for id := range all {
			ids = append(ids, id)
		}
		rows, err := s.queries.ListListedProductsByIDs(ctx, db.ListListedProductsByIDsParams{
			Ids: ids, Category: f.category, OnlineCategory: f.onlineCategory, Country: f.country, WithoutAllergens: f.allergens,
		})
		if err != nil {
			return nil, fmt.Errorf("catalogueapi: read promoted products: %w", err)
		}
		for _, p := range rows {
			if promo, ok := pricing.Running(all[p.ID], p.PriceCents, now); ok {
				if d, ok := pricing.Apply(p.PriceCents, promo); ok {
					promoted = append(promoted, shown{p, d.PriceCents})
				}
			}
		}
	}
	excluded := make([]int64, len(promoted))
	for i, p := range promoted {
		excluded[i] = p.product.ID
	}
	start := max(0, f.offset-int32(len(promoted)))
	limit := f.offset + f.limit - start
	var regular []db.Product
	switch {
	case f.country != "":
		sort := "price_asc"
		if desc {
			sort = "price_desc"
		}
		regular, err = s.queries.ListCountryProducts(ctx, db.ListCountryProductsParams{
			Country: f.country, Category: f.category, OnlineCategory: f.onlineCategory,
			Excluded: excluded, WithoutAllergens: f.allergens, Sort: sort, PageLimit: limit, PageOffset: start,
		})
	case desc:
		regular, err = s.queries.ListProductsByPriceDesc(ctx, db.ListProductsByPriceDescParams{
			Category: f.category, OnlineCategory: f.onlineCategory, Excluded: excluded, WithoutAllergens: f.allergens,
			PageLimit: limit, PageOffset: start,
		})
	default:
		regular, err = s.queries.ListProductsByPriceAsc(ctx, db.ListProductsByPriceAscParams{
			Category: f.category, OnlineCategory: f.onlineCategory, Excluded: excluded, WithoutAllergens: f.allergens,
			PageLimit: limit, PageOffset: start,
		})
	}
	if err != nil {
		return nil, err
	}
	return mergeByShownPrice(regular, int(start), len(regular) == int(limit), promoted, int(f.offset), int(f.limit), desc), nil
}

// mergeByShownPrice returns the page [offset, offset+limit) of the whole
// listing, given the regular (unpromoted) products in price order from
// index start on (full when the query filled its limit, so more may follow)
// and every promoted product that matches. A promoted product below
// regular[0] when start > 0 lies before the page, and one above the last
// regular product of a full read lies after it, so neither needs placing.
func mergeByShownPrice(regular []db.Product, start int, full bool, promoted []shown, offset, limit int, desc bool) []db.Product {
	merged := make([]shown, 0, len(regular)+len(promoted))
	for _, p := range regular {
		merged = append(merged, shown{p, p.PriceCents})
	}
	first := 0 // global position of merged[0] once sorted
	for _, p := range promoted {
		switch {
		case len(regular) > 0 && start > 0 && compareShown(p, merged[0], desc) < 0:
			first++ // before the read part, hence before the page
		case len(regular) > 0 && full && compareShown(p, merged[len(regular)-1], desc) > 0:
			// after the read part, hence after the page
		default:
			merged = append(merged, p)
		}
	}
	if len(regular) == 0 && start > 0 {
		return nil // the page starts past the listing's end
	}
	first += start
	slices.SortFunc(merged, func(a, b shown) int { return compareShown(a, b, desc) })
	from := min(max(offset-first, 0), len(merged))
	to := min(from+limit, len(merged))
	out := make([]db.Product, 0, to-from)
	for _, p := range merged[from:to] {
		out = append(out, p.product)
	}
	return out
}
