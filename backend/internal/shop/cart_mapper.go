package shop

import (
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

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
