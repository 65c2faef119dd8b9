package pricing

import (
	"cmp"
	"slices"
)

// Apportion shares amountCents across weights (VAT-inclusive line totals)
// in proportion to each, in whole cents by the largest remainder method,
// as discount.Split shares a discount across rates: each exact share
// (amount × weight ÷ total) rounded down, then the cents still missing
// given one each to the largest fractions, ties to the larger weight, then
// the earlier one. The shares sum to amountCents (at most the weights'
// total) and none exceeds its weight; a weight of 0 or less gets nothing.
// The answer is index-aligned with weights.
func Apportion(amountCents int64, weights []int64) []int64 {
	out := make([]int64, len(weights))
	var total int64
	for _, w := range weights {
		total += max(w, 0)
	}
	if amountCents <= 0 || total <= 0 {
		return out
	}
	amountCents = min(amountCents, total)
	remainders := make([]int64, len(weights))
	left := amountCents
	for i, w := range weights {
		if w <= 0 {
			continue
		}
		// amount × weight stays far inside int64: both are a cart's cents.
		n := amountCents * w
		out[i], remainders[i] = n/total, n%total
		left -= out[i]
	}
	order := make([]int, 0, len(weights))
	for i, w := range weights {
		if w > 0 {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(remainders[b], remainders[a]), cmp.Compare(weights[b], weights[a]))
	})
	for _, i := range order[:left] {
		out[i]++
	}
	return out
}

// Returned is the part of a line's discount share (discountCents, taken
// off all quantity units it was sold with) that goes back with taking
// more units when done units were given back before: the share of the
// units given back so far, rounded half up, less what went back already.
// Taken over every unit, the parts sum to discountCents exactly, so a
// shopper who returns the goods of a discounted order in several goes
// never gets back more than they paid.
func Returned(discountCents int64, quantity, done, taking int32) int64 {
	if discountCents <= 0 || quantity <= 0 || taking <= 0 {
		return 0
	}
	upTo := func(units int32) int64 {
		units = min(max(units, 0), quantity)
		return (discountCents*2*int64(units) + int64(quantity)) / (2 * int64(quantity))
	}
	return upTo(done+taking) - upTo(done)
}
