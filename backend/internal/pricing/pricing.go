// Package pricing holds the shop's price rules as plain functions: promotion
// prices and their labels, the VAT included in a price, line totals and how
// a charge going with the goods (shipping, a surcharge) shares their VAT
// rates (charge.go). It knows neither the database nor the API, so every
// rule is table-tested on its own and the catalogue, the cart and checkout
// all price the same way.
//
// Money is int64 euro cents; rates and discounts are basis points
// (2100 = 21 %). Every division rounds half-up with integer arithmetic, never
// through floats.
package pricing

import (
	"strconv"
	"time"
)

// basisPoints is 100 %.
const basisPoints = 10000

// divRoundHalfUp divides n by d, rounding halves up. Both must be
// non-negative and d positive, which all money here is (the schema forbids
// negative prices).
func divRoundHalfUp(n, d int64) int64 {
	return (n + d/2) / d
}

// PromotionType says how a promotion sets its price.
type PromotionType int

// The promotion types stored in product_promotions.promotion_type.
const (
	// Percentage takes DiscountBasisPoints off the regular price.
	Percentage PromotionType = iota + 1
	// FixedPrice replaces the regular price with FixedPriceCents.
	FixedPrice
)

// Promotion is a promotion running on a product, as stored.
type Promotion struct {
	ID                  int64
	Type                PromotionType
	DiscountBasisPoints int32
	FixedPriceCents     int64
	// StartsAt and EndsAt bound the promotion; nil means open.
	StartsAt *time.Time
	EndsAt   *time.Time
	// LowestPrice30dCents is the lowest regular price in the 30 days before
	// the promotion started (Directive 2019/2161), shown beside it.
	LowestPrice30dCents int64
}

// Discount is what a promotion does to a regular price.
type Discount struct {
	// PriceCents is the promotional price.
	PriceCents int64
	// Percent is the saving in whole percent, rounded half-up.
	Percent int32
	// Label is the badge, "-N%"; empty when the saving rounds to 0 %.
	Label string
}

// Apply prices regularCents under p. ok is false when p does not lower the
// price (a fixed price at or above the regular one, an unknown type): such a
// promotion is not a reduction and must not be announced as one.
//
// The announced reduction (Percent, Label) is measured against the lowest
// price of the 30 days before the promotion, not the regular price: the
// Court of Justice (C-330/23, 2024) reads Directive 2019/2161 so that a
// percentage refers to that prior price. A promotion that only brings the
// price back to it, or not even, announces no percentage.
func Apply(regularCents int64, p Promotion) (d Discount, ok bool) {
	switch p.Type {
	case Percentage:
		bp := int64(p.DiscountBasisPoints)
		if bp <= 0 || bp > basisPoints {
			return Discount{}, false
		}
		d.PriceCents = divRoundHalfUp(regularCents*(basisPoints-bp), basisPoints)
		if regularCents == 0 {
			// Nothing to compare with: the rate is all there is to announce.
			d.Percent = int32(divRoundHalfUp(bp, 100))
			d.Label = Label(d.Percent)
			return d, true
		}
	case FixedPrice:
		if p.FixedPriceCents < 0 || p.FixedPriceCents >= regularCents {
			return Discount{}, false
		}
		d.PriceCents = p.FixedPriceCents
	default:
		return Discount{}, false
	}
	reference := ReferenceCents(regularCents, p)
	if d.PriceCents < reference {
		d.Percent = int32(divRoundHalfUp((reference-d.PriceCents)*100, reference))
	}
	d.Label = Label(d.Percent)
	return d, true
}

// ReferenceCents is the price a promotion's reduction is announced
// against: the lowest price of the 30 days before it, when known, else the
// regular price; never above the regular price, so a price lowered since
// the promotion began does not inflate the announced reduction.
func ReferenceCents(regularCents int64, p Promotion) int64 {
	if p.LowestPrice30dCents > 0 {
		return min(p.LowestPrice30dCents, regularCents)
	}
	return regularCents
}

// Announced is the reference price a shopper is shown struck through
// beside discount's price wherever a product's price is (cards, product
// page, cart, checkout): ReferenceCents when the promotion announces a
// reduction against it, else 0, so neither the regular price nor a price
// the promotion does not undercut is ever struck through.
func Announced(regularCents int64, p Promotion, discount Discount) int64 {
	if discount.Label == "" {
		return 0
	}
	if ref := ReferenceCents(regularCents, p); ref > discount.PriceCents {
		return ref
	}
	return 0
}

// Running picks the promotion running on a product at now from its
// candidates, given newest first: the newest that has started, has not
// ended and, for a fixed price, lowers regularCents (a fixed price that does
// not is no reduction, so an older promotion still runs). When several run
// the newest wins: it is the one an admin set last.
func Running(candidates []Promotion, regularCents int64, now time.Time) (Promotion, bool) {
	for _, p := range candidates {
		if p.StartsAt != nil && p.StartsAt.After(now) || p.EndsAt != nil && p.EndsAt.Before(now) {
			continue
		}
		if p.Type == FixedPrice && p.FixedPriceCents >= regularCents {
			continue
		}
		return p, true
	}
	return Promotion{}, false
}

// Label is the promotion badge for a saving of percent: "-20%". A saving
// that rounds to nothing gets no badge rather than a misleading "-0%".
func Label(percent int32) string {
	if percent <= 0 {
		return ""
	}
	return "-" + strconv.Itoa(int(percent)) + "%"
}

// IncludedVAT is the VAT contained in a VAT-inclusive amount at rateBP:
// amount − amount/(1+rate), which is amount×rate/(1+rate), rounded half-up.
// Compute it per line total and sum the lines, as an invoice does.
func IncludedVAT(amountCents int64, rateBP int32) int64 {
	if amountCents <= 0 || rateBP <= 0 {
		return 0
	}
	return divRoundHalfUp(amountCents*int64(rateBP), basisPoints+int64(rateBP))
}

// LineTotal is unitCents × quantity; a quantity below 1 totals nothing.
func LineTotal(unitCents int64, quantity int32) int64 {
	if quantity < 1 {
		return 0
	}
	return unitCents * int64(quantity)
}
