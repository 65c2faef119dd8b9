package admin

import (
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// Channel maps a stored sales channel to the contract's enum.
func Channel(stored string) saboresv1.SalesChannel {
	switch pricing.Channel(stored) {
	case pricing.ChannelOnline:
		return saboresv1.SalesChannel_SALES_CHANNEL_ONLINE
	case pricing.ChannelPhysical:
		return saboresv1.SalesChannel_SALES_CHANNEL_PHYSICAL
	case pricing.ChannelBoth:
		return saboresv1.SalesChannel_SALES_CHANNEL_BOTH
	default:
		return saboresv1.SalesChannel_SALES_CHANNEL_UNSPECIFIED
	}
}

// StoredChannel maps the contract's channel to its stored form; false for
// values that are not a channel (unspecified, none).
func StoredChannel(c saboresv1.SalesChannel) (string, bool) {
	switch c {
	case saboresv1.SalesChannel_SALES_CHANNEL_ONLINE:
		return string(pricing.ChannelOnline), true
	case saboresv1.SalesChannel_SALES_CHANNEL_PHYSICAL:
		return string(pricing.ChannelPhysical), true
	case saboresv1.SalesChannel_SALES_CHANNEL_BOTH:
		return string(pricing.ChannelBoth), true
	default:
		return "", false
	}
}

// visibilityByProduct groups visibility rows by product.
func visibilityByProduct(rows []db.VisibilityForProductsRow) map[int64][]*saboresv1.ProductVisibility {
	out := make(map[int64][]*saboresv1.ProductVisibility)
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], &saboresv1.ProductVisibility{
			Country: r.CountrySlug,
			Visible: r.IsVisible,
			Channel: Channel(r.SalesChannel),
		})
	}
	return out
}

// adminProduct maps a product and its visibility records to the back office's view.
func adminProduct(p db.Product, visibility []*saboresv1.ProductVisibility) *saboresv1.AdminProduct {
	out := &saboresv1.AdminProduct{
		Id:               p.ID,
		Name:             p.Name,
		Code:             p.Code,
		Sku:              p.SKU,
		Category:         p.Category,
		OnlineCategories: p.OnlineCategories,
		PriceCents:       p.PriceCents,
		VatBasisPoints:   p.VatBasisPoints,
		Stock:            p.Stock,
		ImageUrl:         p.ImageURL,
		Brand:            p.Brand,
		Visibility:       visibility,
		UpdateTime:       timestamppb.New(p.UpdatedAt),
	}
	if p.CountrySlug != nil {
		out.Country = *p.CountrySlug
	}
	return out
}

func customer(c db.Customer) *saboresv1.Customer {
	return &saboresv1.Customer{
		Id:           c.ID,
		Name:         c.Name,
		Surname:      c.Surname,
		CompanyName:  c.CompanyName,
		Dni:          c.Dni,
		CompanyNif:   c.CompanyNif,
		CustomerType: c.CustomerType,
		Email:        c.Email,
		Phone:        c.Phone,
		Active:       c.Active,
		CreateTime:   timestamppb.New(c.CreatedAt),
	}
}

// apiKey maps a stored key, never its secret.
func apiKey(k db.APIKeyListRow) *saboresv1.ApiKey {
	out := &saboresv1.ApiKey{
		Id:         k.ID,
		Name:       k.Name,
		Scopes:     scopesToProto(k.Scopes),
		Prefix:     k.Prefix,
		CreateTime: timestamppb.New(k.CreatedAt),
		CreatedBy:  k.CreatedByEmail,
	}
	if k.ExpiresAt != nil {
		out.ExpireTime = timestamppb.New(*k.ExpiresAt)
	}
	if k.LastUsedAt != nil {
		out.LastUsedTime = timestamppb.New(*k.LastUsedAt)
	}
	if k.RevokedAt != nil {
		out.RevokeTime = timestamppb.New(*k.RevokedAt)
	}
	return out
}
