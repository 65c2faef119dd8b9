package apimap

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/promotion"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// WithPromotions maps products to the API with the promotion each runs at now.
func WithPromotions(ctx context.Context, src promotion.Source, rows []db.Product, now time.Time) ([]*saboresv1.Product, error) {
	promos, err := promotion.Promotions(ctx, src, rows, now)
	if err != nil {
		return nil, err
	}
	out := make([]*saboresv1.Product, len(rows))
	for i, row := range rows {
		var promo *pricing.Promotion
		if p, ok := promos[row.ID]; ok {
			promo = &p
		}
		out[i] = productToProto(row, promo)
	}
	return out, nil
}

// productToProto maps a product and its running promotion (nil for none)
// to the API.
func productToProto(p db.Product, promo *pricing.Promotion) *saboresv1.Product {
	out := &saboresv1.Product{
		Id:               p.ID,
		Name:             p.Name,
		Code:             p.Code,
		Sku:              p.SKU,
		Brand:            p.Brand,
		Category:         p.Category,
		OnlineCategories: p.OnlineCategories,
		Description:      p.Description,
		PriceCents:       p.PriceCents,
		VatBasisPoints:   p.VatBasisPoints,
		Stock:            p.Stock,
		Rating:           float32(p.Rating),
		ReviewCount:      p.ReviewCount,
		ImageUrl:         p.ImageURL,
		ImageSrcset:      productimage.SrcSet(p.ImageURL),
		CreateTime:       timestamppb.New(p.CreatedAt),
	}
	if p.CountrySlug != nil {
		out.Country = *p.CountrySlug
	}
	out.Gtin = p.Ean
	if promo != nil {
		out.Promotion = promotionToProto(p.PriceCents, *promo)
	}
	return out
}

// promotionToProto prices promo against the regular price; a promotion that
// does not lower it is left out, as it is no reduction.
func promotionToProto(regularCents int64, promo pricing.Promotion) *saboresv1.Promotion {
	d, ok := pricing.Apply(regularCents, promo)
	if !ok {
		return nil
	}
	out := &saboresv1.Promotion{
		Id:                   promo.ID,
		OriginalPriceCents:   regularCents,
		PriceCents:           d.PriceCents,
		DiscountPercent:      d.Percent,
		Label:                d.Label,
		LowestPrice_30DCents: promo.LowestPrice30dCents,
		ReferencePriceCents:  pricing.Announced(regularCents, promo, d),
	}
	switch promo.Type {
	case pricing.Percentage:
		out.Type = saboresv1.PromotionType_PROMOTION_TYPE_PERCENTAGE
	case pricing.FixedPrice:
		out.Type = saboresv1.PromotionType_PROMOTION_TYPE_FIXED_PRICE
	}
	if promo.StartsAt != nil {
		out.StartTime = timestamppb.New(*promo.StartsAt)
	}
	if promo.EndsAt != nil {
		out.EndTime = timestamppb.New(*promo.EndsAt)
	}
	return out
}
