package shop

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/productimage"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// WithPromotions maps products to the API with the promotion each runs at now.
func WithPromotions(ctx context.Context, src PromotionSource, rows []db.Product, now time.Time) ([]*saboresv1.Product, error) {
	promos, err := Promotions(ctx, src, rows, now)
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
		ImageUrl:         p.ImageURL,
		ImageSrcset:      productimage.SrcSet(p.ImageURL),
		CreateTime:       timestamppb.New(p.CreatedAt),
	}
	if p.CountrySlug != nil {
		out.Country = *p.CountrySlug
	}
	if promo != nil {
		out.Promotion = promotionToProto(p.PriceCents, *promo)
	}
	return out
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

// CountryToProto maps a country to the contract as the back office edits
// it: the Spanish name and the Portuguese one. The storefront's tiles use
// LocalizedCountry.
func CountryToProto(c db.Country) *saboresv1.Country {
	return &saboresv1.Country{
		Slug:              c.Slug,
		Name:              c.Name,
		NamePt:            c.NamePt,
		FlagEmoji:         c.FlagEmoji,
		ImageUrl:          c.ImageURL,
		BackgroundClasses: c.BackgroundClasses,
		Href:              c.Href,
		SortOrder:         c.SortOrder,
		Aliases:           c.Aliases,
		ShowOnHome:        c.ShowOnHome,
	}
}

// LocalizedCountry maps a country for the storefront: its name in the
// language asked for (Portuguese falling back to Spanish), and no second name.
func LocalizedCountry(c db.Country, lang saboresv1.Language) *saboresv1.Country {
	out := CountryToProto(c)
	out.NamePt = ""
	if lang == saboresv1.Language_LANGUAGE_PT && c.NamePt != "" {
		out.Name = c.NamePt
	}
	return out
}
