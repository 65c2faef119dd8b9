package pricing

import "time"

// PriceHistoryDays is how much price history a product needs before a
// reduction may be announced on it: the reference of a reduction is the
// lowest price of the 30 days before it (Directive 2019/2161, art. 6a of
// Directive 98/6), which a product priced for less time has not got.
const PriceHistoryDays = 30

// EarliestReduction is the first moment a reduction of a product first
// priced at firstPriced may start: PriceHistoryDays calendar days later.
// A promotion started sooner would be announced against a "lowest price
// of the last 30 days" that was never charged for 30 days.
func EarliestReduction(firstPriced time.Time) time.Time {
	return firstPriced.AddDate(0, 0, PriceHistoryDays)
}

// HasPriceHistory reports whether a reduction starting at start has the
// 30 days of price history behind it.
func HasPriceHistory(firstPriced, start time.Time) bool {
	return !start.Before(EarliestReduction(firstPriced))
}
