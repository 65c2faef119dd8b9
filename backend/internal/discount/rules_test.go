package discount_test

import (
	"errors"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/discount"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

func madrid(y int, m time.Month, d, h, min int) time.Time {
	return time.Date(y, m, d, h, min, 0, 0, shoptime.Madrid)
}

// TestCheck walks each rule on its own against a cart of food at 10 % and
// a perfume at 21 %: 40 € of goods.
func TestCheck(t *testing.T) {
	t.Parallel()
	lines := []discount.Line{
		{ProductID: 1, Category: "mercearia", VATBasisPoints: 1000, TotalCents: 3000},
		{ProductID: 2, Category: "perfumes", VATBasisPoints: 2100, TotalCents: 1000},
	}
	base := discount.Code{ID: 7, Code: "VERAO10", Kind: discount.Percentage, PercentBasisPoints: 1000}
	now := madrid(2026, 7, 1, 12, 0)
	with := func(f func(*discount.Code)) discount.Code {
		c := base
		f(&c)
		return c
	}
	for _, tc := range []struct {
		name    string
		code    discount.Code
		shopper discount.Shopper
		now     time.Time
		amount  int64
		reason  string
	}{
		{name: "percentage of all goods", code: base, amount: 400},
		{name: "fixed amount", code: with(func(c *discount.Code) { c.Kind, c.AmountCents = discount.Fixed, 500 }), amount: 500},
		{name: "fixed amount never beyond the goods", code: with(func(c *discount.Code) { c.Kind, c.AmountCents = discount.Fixed, 9000 }), amount: 4000},
		{name: "excluded product", code: with(func(c *discount.Code) { c.ExcludedProducts = []int64{2} }), amount: 300},
		{name: "excluded category", code: with(func(c *discount.Code) { c.ExcludedCategories = []string{"mercearia"} }), amount: 100},
		{name: "everything excluded", code: with(func(c *discount.Code) { c.ExcludedCategories = []string{"mercearia", "perfumes"} }), reason: discount.ReasonNothingEligible},
		{name: "paused", code: with(func(c *discount.Code) { c.Paused = true }), reason: discount.ReasonUnknown},
		{name: "not found", code: discount.Code{Code: "NOPE"}, reason: discount.ReasonUnknown},
		{name: "starts tomorrow in Madrid", code: with(func(c *discount.Code) { c.StartsOn = madrid(2026, 7, 2, 0, 0) }), reason: discount.ReasonNotYetValid},
		{name: "starts today", code: with(func(c *discount.Code) { c.StartsOn = madrid(2026, 7, 1, 0, 0) }), amount: 400},
		{name: "ended yesterday", code: with(func(c *discount.Code) { c.EndsOn = madrid(2026, 6, 30, 0, 0) }), reason: discount.ReasonExpired},
		{name: "last day until midnight in Madrid", code: with(func(c *discount.Code) { c.EndsOn = madrid(2026, 7, 1, 0, 0) }), now: madrid(2026, 7, 1, 23, 59), amount: 400},
		{name: "past midnight in Madrid though not in UTC", code: with(func(c *discount.Code) { c.EndsOn = madrid(2026, 7, 1, 0, 0) }), now: madrid(2026, 7, 2, 0, 30), reason: discount.ReasonExpired},
		{name: "minimum reached", code: with(func(c *discount.Code) { c.MinimumCents = 4000 }), amount: 400},
		{name: "minimum not reached", code: with(func(c *discount.Code) { c.MinimumCents = 4001 }), reason: discount.ReasonMinimum},
		{name: "total limit reached", code: with(func(c *discount.Code) { c.MaxUses, c.Uses = 3, 3 }), reason: discount.ReasonLimitReached},
		{name: "total limit not reached", code: with(func(c *discount.Code) { c.MaxUses, c.Uses = 3, 2 }), amount: 400},
		{name: "shopper's limit reached", code: with(func(c *discount.Code) { c.MaxUsesPerShopper = 1 }), shopper: discount.Shopper{Known: true, CodeUses: 1}, reason: discount.ReasonLimitReached},
		{name: "shopper's limit waits for sign-in", code: with(func(c *discount.Code) { c.MaxUsesPerShopper = 1 }), shopper: discount.Shopper{CodeUses: 1}, amount: 400},
		{name: "first order only, not the first", code: with(func(c *discount.Code) { c.FirstOrderOnly = true }), shopper: discount.Shopper{Known: true, PastOrders: 1}, reason: discount.ReasonFirstOrderOnly},
		{name: "first order only, the first", code: with(func(c *discount.Code) { c.FirstOrderOnly = true }), shopper: discount.Shopper{Known: true}, amount: 400},
		{name: "free shipping with nothing else", code: with(func(c *discount.Code) { c.PercentBasisPoints, c.FreeShipping = 0, true }), amount: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			at := tc.now
			if at.IsZero() {
				at = now
			}
			got, err := discount.Check(tc.code, lines, tc.shopper, at)
			if tc.reason != "" {
				var r *discount.Refusal
				if !errors.As(err, &r) || r.Reason != tc.reason {
					t.Fatalf("Check = %+v, %v; want refusal %s", got, err, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if got.AmountCents != tc.amount {
				t.Errorf("amount = %d, want %d", got.AmountCents, tc.amount)
			}
			var sum int64
			for _, p := range got.Parts {
				sum += p.AmountCents
			}
			if sum != got.AmountCents {
				t.Errorf("parts %+v sum to %d, not the amount %d", got.Parts, sum, got.AmountCents)
			}
			if got.FreeShipping != tc.code.FreeShipping {
				t.Errorf("free shipping = %v, want %v", got.FreeShipping, tc.code.FreeShipping)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	if got := discount.Normalize("  verao10 "); got != "VERAO10" {
		t.Errorf("Normalize = %q", got)
	}
}
