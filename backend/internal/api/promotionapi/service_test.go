package promotionapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/promotionapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// fixtures: every product costs 10,00 €. Promotions start at :start, a
// fixed instant 5 days ago, unless said otherwise.
const fixtures = `
	INSERT INTO countries (slug, name) VALUES ('brasil', 'Brasil');
	INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points, stock)
		SELECT i, 'Produto ' || i, 'P-' || i, 'SKU-' || i, 'alimentos', 1000, 1000, 10 FROM generate_series(1, 9) AS i;
	INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel)
		VALUES (6, 'brasil', true, 'physical'), (1, 'brasil', true, 'both');
	INSERT INTO product_promotions (product_id, is_active, promotion_type, discount_basis_points, fixed_price_cents, starts_at, ends_at, created_at) VALUES
		-- 1: running, 20 % off, ends tomorrow.
		(1, true, 'percentage', 2000, NULL, now() - interval '5 days', now() + interval '1 day', now() - interval '6 days'),
		-- 2: running, fixed 7,50 €, open start and end.
		(2, true, 'fixed_price', NULL, 750, NULL, NULL, now() - interval '6 days'),
		-- 3: expired yesterday.
		(3, true, 'percentage', 1000, NULL, now() - interval '5 days', now() - interval '1 day', now() - interval '6 days'),
		-- 4: starts tomorrow.
		(4, true, 'percentage', 1000, NULL, now() + interval '1 day', NULL, now() - interval '6 days'),
		-- 5: switched off.
		(5, false, 'percentage', 1000, NULL, NULL, NULL, now() - interval '6 days'),
		-- 6: the product is physical only.
		(6, true, 'percentage', 1000, NULL, NULL, NULL, now() - interval '6 days'),
		-- 7: a "fixed price" above the regular price is no reduction.
		(7, true, 'fixed_price', NULL, 1200, NULL, NULL, now() - interval '6 days'),
		-- 8: two running promotions: the newer (30 %) wins.
		(8, true, 'percentage', 1000, NULL, now() - interval '5 days', now() + interval '3 days', now() - interval '6 days'),
		(8, true, 'percentage', 3000, NULL, now() - interval '2 days', now() + interval '3 days', now() - interval '3 days'),
		-- 9: ends in five hours: first in the list.
		(9, true, 'percentage', 1500, NULL, now() - interval '5 days', now() + interval '5 hours', now() - interval '6 days');
	-- Product 1's prices: 12,00 € until 10 days before the promotion, then
	-- 9,00 €, then 10,00 € from 2 days before; a later 5,00 € does not count.
	INSERT INTO price_history (product_id, price_cents, valid_from) VALUES
		(1, 1200, now() - interval '60 days'),
		(1, 900, now() - interval '15 days'),
		(1, 1000, now() - interval '7 days'),
		(1, 500, now() - interval '1 hour'),
		-- Product 9: 11,00 € since long before the 30-day window, which
		-- is thus the lowest price in it.
		(9, 1100, now() - interval '90 days'),
		(9, 1000, now() - interval '4 days');`

func TestListActivePromotions(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	if _, err := pool.Exec(context.Background(), fixtures); err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	res, err := promotionapi.New(pool, nil).ListActivePromotions(context.Background(), connect.NewRequest(&saboresv1.ListActivePromotionsRequest{}))
	if err != nil {
		t.Fatalf("ListActivePromotions: %v", err)
	}
	want := []struct {
		id               int64
		price, lowest30d int64
		label            string
		typ              saboresv1.PromotionType
		hasStart, hasEnd bool
		discountPercent  int32
	}{
		{9, 850, 1100, "-15%", saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE, true, true, 15},
		{1, 800, 900, "-11%", saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE, true, true, 11}, // against the 30-day low
		{8, 700, 1000, "-30%", saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE, true, true, 30},
		{2, 750, 1000, "-25%", saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE, false, false, 25},
	}
	got := res.Msg.GetProducts()
	if len(got) != len(want) {
		t.Fatalf("products = %v, want ids 9, 1, 8, 2", got)
	}
	for i, w := range want {
		p, promo := got[i], got[i].GetPromotion()
		if p.GetId() != w.id || promo.GetPriceCents() != w.price || promo.GetOriginalPriceCents() != 1000 ||
			promo.GetLowestPrice_30DCents() != w.lowest30d || promo.GetLabel() != w.label || promo.GetType() != w.typ ||
			(promo.GetStartTime() != nil) != w.hasStart || (promo.GetEndTime() != nil) != w.hasEnd ||
			promo.GetDiscountPercent() != w.discountPercent {
			t.Errorf("promotion %d = product %d %v, want %+v", i, p.GetId(), promo, w)
		}
	}
}

func TestListActivePromotionsShowsAtMost20(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	_, err := pool.Exec(context.Background(), `
		INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points, stock)
			SELECT i, 'Produto ' || i, 'P-' || i, 'SKU-' || i, 'doces', 500, 1000, 10 FROM generate_series(1, 25) AS i;
		INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points, ends_at)
			SELECT i, 'percentage', 1000, now() + (26 - i) * interval '1 hour' FROM generate_series(1, 25) AS i;`)
	if err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	res, err := promotionapi.New(pool, nil).ListActivePromotions(context.Background(), connect.NewRequest(&saboresv1.ListActivePromotionsRequest{}))
	if err != nil {
		t.Fatalf("ListActivePromotions: %v", err)
	}
	var ids []int64
	for _, p := range res.Msg.GetProducts() {
		ids = append(ids, p.GetId())
	}
	// Product 25 ends first, product 6 is the twentieth.
	want := []int64{25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6}
	if !slices.Equal(ids, want) {
		t.Errorf("ids = %v, want %v", ids, want)
	}
}
