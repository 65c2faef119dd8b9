package apimap

import (
	"time"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shipping"
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
		Lines:         make([]*saboresv1.CartLine, len(c.Lines)),
		SubtotalCents: c.SubtotalCents,
		ShippingCents: c.ShippingCents,
		VatCents:      c.VATCents,
		TotalCents:    c.TotalCents,
		Valid:         c.Valid,
	}
	for i, l := range c.Lines {
		line := &saboresv1.CartLine{
			ProductId:               l.ProductID,
			Quantity:                l.Quantity,
			Name:                    l.Item.Name,
			ImageUrl:                l.Item.ImageURL,
			UnitPriceCents:          l.UnitPriceCents,
			RegularUnitPriceCents:   l.Item.PriceCents,
			PromotionLabel:          l.PromotionLabel,
			ReferenceUnitPriceCents: l.ReferenceUnitCents,
			VatBasisPoints:          l.Item.VATBasisPoints,
			LineTotalCents:          l.LineTotalCents,
			AvailableStock:          l.AvailableStock,
			Problems:                make([]saboresv1.CartProblem, len(l.Problems)),
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

// AnnotateCart adds to res what the law and shipping say of a quoted
// cart: each line age-restricted or cold-chain, the age declaration, the
// frozen minimum (not for a pickup), the shipping options named in
// Portuguese when asked, the method charged, the dispatch day of a
// cold-chain parcel and, with a postal code, its area and the one reason no
// home delivery can go there. A cart asked about with a postal code or a
// method is valid only when a method can take it.
func AnnotateCart(q cart.Quoted, res *saboresv1.ValidateCartResponse, lines []pricing.LineInput, areas deliveryarea.Policy, postalCode, method string, portuguese bool) {
	pickup := q.ChoiceErr == nil && q.Chosen.Method.Kind == shipping.Pickup
	if first := q.Law.FirstFrozen(lines); first != 0 && areas.FrozenMinimumCents > 0 && !pickup {
		res.FrozenMinimumCents = areas.FrozenMinimumCents
		res.FrozenMinimumReached = areas.CheckFrozenMinimum(res.GetSubtotalCents(), first) == nil
		res.Valid = res.Valid && res.FrozenMinimumReached
	}
	res.ColdChain, res.WeightGrams = q.Parcel.ColdChain, q.Parcel.WeightGrams
	threshold := int64(0)
	for _, o := range q.Quote.Options {
		res.ShippingOptions = append(res.ShippingOptions, ShippingOption(o, portuguese))
		if threshold == 0 && o.Method.Kind == shipping.Standard {
			threshold = o.Method.FreeAboveCents
		}
		if q.Parcel.ColdChain && !o.DispatchDay.IsZero() && res.ExpectedDispatchDate == "" {
			res.ExpectedDispatchDate = o.DispatchDay.Format(time.DateOnly)
		}
	}
	if q.ChoiceErr == nil {
		res.ShippingMethod = q.Chosen.Method.Code
		threshold = q.Chosen.Method.FreeAboveCents
		if pickup {
			res.ExpectedDispatchDate = ""
		}
	} else if postalCode != "" || method != "" {
		res.Valid = false
	}
	res.FreeShippingThresholdCents = threshold
	res.FreeShippingReached = threshold > 0 && res.GetSubtotalCents() >= threshold
	if postalCode != "" {
		res.DeliveryArea = string(q.Quote.Area)
		res.DeliveryRefusal = q.Quote.Refusal
		res.DeliveryAreaServed = q.Quote.Refusal != shipping.OutsideVATArea && q.Quote.Refusal != shipping.NoZone
	}
	for _, l := range res.GetLines() {
		id := l.GetProductId()
		l.AgeRestricted, l.ColdChain = q.Law.AgeRestricted[id], q.Law.ColdChain[id]
		if l.AgeRestricted {
			res.AgeDeclarationRequired = true
		}
	}
}

// CartDiscount adds a discount code's answer to res, a cart priced with
// its shipping already waived when the code waives it: what it takes off
// (the total and the VAT net of it, as the order will store them) or why
// it takes nothing. Nothing is added when no code was asked about.
func CartDiscount(res *saboresv1.ValidateCartResponse, q cart.Quoted, applied discount.Applied, refusal *discount.Refusal) {
	if refusal != nil {
		res.Discount = &saboresv1.CartDiscount{Code: refusal.Code, Refusal: refusal.Reason, MinimumCents: refusal.MinimumCents}
		return
	}
	if applied.CodeID == 0 {
		return
	}
	d := &saboresv1.CartDiscount{Code: applied.Code, AmountCents: applied.AmountCents, FreeShipping: applied.FreeShipping}
	if applied.FreeShipping {
		d.ShippingWaivedCents = q.Chosen.PriceCents
	}
	for _, p := range applied.Parts {
		d.VatByRate = append(d.VatByRate, &saboresv1.VatAmount{VatBasisPoints: p.VATBasisPoints, BaseCents: p.AmountCents - p.VATCents, VatCents: p.VATCents})
	}
	res.Discount = d
	res.TotalCents -= applied.AmountCents
	res.VatCents = pricing.TotalVAT(discount.VATByRate(q.Priced.Goods(), applied.Parts, q.Priced.ShippingCents))
}
