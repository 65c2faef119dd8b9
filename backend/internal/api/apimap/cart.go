package apimap

import (
	"time"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// CartLines reads the request's lines (cart.CheckRepeats).
func CartLines(in []*saboresv1.CartLineInput) ([]pricing.LineInput, error) {
	out := make([]pricing.LineInput, len(in))
	for i, l := range in {
		out[i] = pricing.LineInput{ProductID: l.GetProductId(), Quantity: l.GetQuantity()}
	}
	return out, cart.CheckRepeats(out)
}

// CartToProto maps a priced cart to ValidateCart's response.
func CartToProto(c pricing.Cart) *saboresv1.ValidateCartResponse {
	res := &saboresv1.ValidateCartResponse{
		Lines:                      make([]*saboresv1.CartLine, len(c.Lines)),
		SubtotalCents:              c.SubtotalCents,
		ShippingCents:              c.ShippingCents,
		VatCents:                   c.VATCents,
		TotalCents:                 c.TotalCents,
		FreeShippingThresholdCents: pricing.FreeShippingThresholdCents,
		FreeShippingReached:        c.FreeShippingReached,
		Valid:                      c.Valid,
	}
	for i, l := range c.Lines {
		line := &saboresv1.CartLine{
			ProductId:             l.ProductID,
			Quantity:              l.Quantity,
			Name:                  l.Item.Name,
			ImageUrl:              l.Item.ImageURL,
			UnitPriceCents:        l.UnitPriceCents,
			RegularUnitPriceCents: l.Item.PriceCents,
			PromotionLabel:        l.PromotionLabel,
			VatBasisPoints:        l.Item.VATBasisPoints,
			LineTotalCents:        l.LineTotalCents,
			AvailableStock:        l.AvailableStock,
			Problems:              make([]saboresv1.CartProblem, len(l.Problems)),
		}
		for j, p := range l.Problems {
			line.Problems[j] = problemToProto(p)
		}
		res.Lines[i] = line
	}
	return res
}

func problemToProto(p pricing.Problem) saboresv1.CartProblem {
	switch p {
	case pricing.UnknownProduct:
		return saboresv1.CartProblem_CART_PROBLEM_UNKNOWN_PRODUCT
	case pricing.InvalidQuantity:
		return saboresv1.CartProblem_CART_PROBLEM_INVALID_QUANTITY
	case pricing.OutOfStock:
		return saboresv1.CartProblem_CART_PROBLEM_OUT_OF_STOCK
	case pricing.InsufficientStock:
		return saboresv1.CartProblem_CART_PROBLEM_INSUFFICIENT_STOCK
	default:
		return saboresv1.CartProblem_CART_PROBLEM_UNSPECIFIED
	}
}

// AnnotateCart marks res's lines as age-restricted or cold-chain and, with a
// postal code, checks each against the delivery areas: a line not delivered
// there gets CART_PROBLEM_DELIVERY_AREA and the cart is no longer valid.
// A cart holding frozen goods below the frozen minimum is not valid either;
// one holding cold-chain goods gets the day an order placed at now would
// leave the shop.
func AnnotateCart(law cart.CartLaw, res *saboresv1.ValidateCartResponse, lines []pricing.LineInput, areas deliveryarea.Policy, postalCode string, now time.Time) {
	if law.FirstFrozen(lines) != 0 && areas.FrozenMinimumCents > 0 {
		res.FrozenMinimumCents = areas.FrozenMinimumCents
		res.FrozenMinimumReached = areas.CheckFrozenMinimum(res.GetSubtotalCents(), law.FirstFrozen(lines)) == nil
		res.Valid = res.Valid && res.FrozenMinimumReached
	}
	if day := law.DispatchDay(lines, areas, now); !day.IsZero() {
		res.ExpectedDispatchDate = day.Format(time.DateOnly)
	}
	if postalCode != "" {
		area := deliveryarea.AreaOf(postalCode)
		res.DeliveryArea, res.DeliveryAreaServed = string(area), areas.Serves(area)
	}
	for _, l := range res.GetLines() {
		id := l.GetProductId()
		l.AgeRestricted, l.ColdChain = law.AgeRestricted[id], law.ColdChain[id]
		if l.AgeRestricted {
			res.AgeDeclarationRequired = true
		}
		if postalCode != "" && areas.Check(postalCode, id, l.ColdChain) != nil {
			l.Problems = append(l.Problems, saboresv1.CartProblem_CART_PROBLEM_DELIVERY_AREA)
			res.Valid = false
		}
	}
}
