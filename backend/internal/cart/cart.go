package cart

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/promotion"
)

// CheckRepeats refuses lines naming a product twice: the storefront's cart
// adds quantities to an existing line, so a repeated product is a client
// bug, and guessing whether to add or replace could sell the wrong
// quantity.
func CheckRepeats(lines []pricing.LineInput) error {
	seen := make(map[int64]bool, len(lines))
	for i, l := range lines {
		if seen[l.ProductID] {
			return fault.InvalidField("lines["+strconv.Itoa(i)+"].product_id", "product already in an earlier line")
		}
		seen[l.ProductID] = true
	}
	return nil
}

// Price prices lines with the products and stock read through q and the
// promotions of promos at now.
func Price(ctx context.Context, q *db.Queries, promos promotion.Source, lines []pricing.LineInput, now time.Time) (pricing.Cart, error) {
	products, err := q.GetProductsByIDs(ctx, LineProductIDs(lines))
	if err != nil {
		return pricing.Cart{}, fmt.Errorf("cart: read products: %w", err)
	}
	return PriceProducts(ctx, promos, products, lines, now)
}

// LineProductIDs are the lines' products, in line order.
func LineProductIDs(lines []pricing.LineInput) []int64 {
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	return ids
}

// PriceProducts prices lines with products, read already (checkout reads
// them once for the prices and the law), and the promotions of promos at
// now.
func PriceProducts(ctx context.Context, promos promotion.Source, products []db.Product, lines []pricing.LineInput, now time.Time) (pricing.Cart, error) {
	running, err := promotion.Promotions(ctx, promos, products, now)
	if err != nil {
		return pricing.Cart{}, err
	}
	items := make(map[int64]pricing.Item, len(products))
	for _, p := range products {
		item := pricing.Item{
			ID: p.ID, Name: p.Name, ImageURL: p.ImageURL, PriceCents: p.PriceCents,
			VATBasisPoints: p.VatBasisPoints, Stock: p.Stock, SoldOnline: p.SoldOnline,
		}
		if promo, ok := running[p.ID]; ok {
			item.Promotion = &promo
		}
		items[p.ID] = item
	}
	return pricing.PriceCart(lines, items), nil
}

// Reason is the UPPER_SNAKE ErrorInfo reason of a cart problem: the name of
// its CartProblem enum value without the prefix (apimap's test keeps the two
// in step).
func Reason(p pricing.Problem) string {
	switch p {
	case pricing.UnknownProduct:
		return "UNKNOWN_PRODUCT"
	case pricing.InvalidQuantity:
		return "INVALID_QUANTITY"
	case pricing.OutOfStock:
		return "OUT_OF_STOCK"
	case pricing.InsufficientStock:
		return "INSUFFICIENT_STOCK"
	default:
		return "UNSPECIFIED"
	}
}
