package apimap

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/visibility"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// AdminProducts maps products to the back office's view with their visibility
// records and what each lacks before publishing, each loaded with q in one
// query.
func AdminProducts(ctx context.Context, q *db.Queries, products []db.Product) ([]*saboresv1.AdminProduct, error) {
	vis, err := visibility.VisibilityOf(ctx, q, products)
	if err != nil {
		return nil, err
	}
	gaps, err := catalogue.GapsOf(ctx, q, products)
	if err != nil {
		return nil, err
	}
	out := make([]*saboresv1.AdminProduct, len(products))
	for i, p := range products {
		out[i] = adminProduct(p, visibilityToProto(vis[p.ID]))
		for _, g := range gaps[p.ID] {
			out[i].PublishGaps = append(out[i].PublishGaps, publishGaps[g])
		}
	}
	return out, nil
}

var publishGaps = map[catalogue.Gap]saboresv1.ProductPublishGap{
	catalogue.GapIngredients:       saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_INGREDIENTS,
	catalogue.GapAllergens:         saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_ALLERGENS,
	catalogue.GapNetQuantity:       saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_NET_QUANTITY,
	catalogue.GapFoodOperator:      saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_FOOD_OPERATOR,
	catalogue.GapUnitPriceBasis:    saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_UNIT_PRICE_BASIS,
	catalogue.GapManufacturer:      saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_MANUFACTURER,
	catalogue.GapResponsiblePerson: saboresv1.ProductPublishGap_PRODUCT_PUBLISH_GAP_EU_RESPONSIBLE_PERSON,
}

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

// AdminProduct maps one product, as a back-office change returns it.
func AdminProduct(ctx context.Context, q *db.Queries, p db.Product) (*saboresv1.AdminProduct, error) {
	products, err := AdminProducts(ctx, q, []db.Product{p})
	if err != nil {
		return nil, err
	}
	return products[0], nil
}

// AdminProductsOf is AdminProducts of rows that each carry a product, as
// sqlc's embedded products do in the back office's lists.
func AdminProductsOf[R any](ctx context.Context, q *db.Queries, rows []R, product func(R) db.Product) ([]*saboresv1.AdminProduct, error) {
	products := make([]db.Product, len(rows))
	for i, r := range rows {
		products[i] = product(r)
	}
	return AdminProducts(ctx, q, products)
}

// visibilityToProto maps a product's visibility records.
func visibilityToProto(rows []db.VisibilityForProductsRow) []*saboresv1.ProductVisibility {
	var out []*saboresv1.ProductVisibility
	for _, r := range rows {
		out = append(out, &saboresv1.ProductVisibility{
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
		Ean:              p.Ean,
		Description:      p.Description,
	}
	if p.ArchivedAt != nil {
		out.ArchiveTime = timestamppb.New(*p.ArchivedAt)
	}
	if p.PublishedAt != nil {
		out.PublishTime = timestamppb.New(*p.PublishedAt)
	}
	if p.CountrySlug != nil {
		out.Country = *p.CountrySlug
	}
	if p.ShippingWeightGrams != nil {
		out.ShippingWeightGrams = *p.ShippingWeightGrams
	}
	out.WeightMissing = p.ShippingWeightGrams == nil
	return out
}
