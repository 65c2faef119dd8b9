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
	"github.com/sabores/sabores/backend/internal/shipping"
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

// Quoted is a cart priced and its shipping quoted, as ValidateCart shows
// it and PlaceOrder charges it.
type Quoted struct {
	// Products are the lines' products, read once for all of it.
	Products []db.Product
	// Priced is the cart with the chosen method's price charged (none when
	// no method could be chosen).
	Priced pricing.Cart
	Law    CartLaw
	Parcel shipping.Parcel
	Quote  shipping.Quotation
	// Chosen is the shipping option charged; ChoiceErr says why there is
	// none (shipping.Quotation.Choose).
	Chosen    shipping.Option
	ChoiceErr error
}

// Quote reads the lines' products in one query, prices them with the
// promotions of promos at now, reads what the law asks of them and quotes
// their parcel with the rates of source (in memory in shopd) to
// postalCode, charging the method named by method or, with none, the
// cheapest available home delivery. No query is made per line.
func Quote(ctx context.Context, q *db.Queries, promos promotion.Source, source shipping.Source, lines []pricing.LineInput, postalCode, method string, now time.Time) (Quoted, error) {
	products, err := q.GetProductsByIDs(ctx, LineProductIDs(lines))
	if err != nil {
		return Quoted{}, fmt.Errorf("cart: read products: %w", err)
	}
	priced, err := PriceProducts(ctx, promos, products, lines, now)
	if err != nil {
		return Quoted{}, err
	}
	rates, err := source.Rates(ctx)
	if err != nil {
		return Quoted{}, err
	}
	out := Quoted{Products: products, Law: CartLawOf(products)}
	out.Parcel = shipping.ParcelOf(parcelLines(products, lines, out.Law), priced.SubtotalCents, rates.DefaultWeightGrams)
	out.Quote = shipping.Quote(rates, out.Parcel, postalCode, now)
	out.Chosen, out.ChoiceErr = out.Quote.Choose(method)
	out.Priced = priced.WithShipping(out.Chosen.PriceCents)
	return out, nil
}

// parcelLines are the lines as the parcel weighs them: a product a shopper
// may not buy weighs nothing, as it says nothing else of itself.
func parcelLines(products []db.Product, lines []pricing.LineInput, law CartLaw) []shipping.ParcelLine {
	weights := make(map[int64]int32, len(products))
	for _, p := range products {
		if p.SoldOnline && p.ShippingWeightGrams != nil {
			weights[p.ID] = *p.ShippingWeightGrams
		}
	}
	out := make([]shipping.ParcelLine, 0, len(lines))
	for _, l := range lines {
		if _, sold := law.ColdChain[l.ProductID]; !sold {
			continue
		}
		out = append(out, shipping.ParcelLine{Quantity: l.Quantity, WeightGrams: weights[l.ProductID], ColdChain: law.ColdChain[l.ProductID]})
	}
	return out
}

// LineProductIDs are the lines' products, in line order.
func LineProductIDs(lines []pricing.LineInput) []int64 {
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	return ids
}

// PriceProducts prices lines with products, read already (Quote reads
// them once for the prices, the law and the parcel), and the promotions of
// promos at now.
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
