package discount

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shoptime"
)

// Kind is how a code takes its discount off the eligible goods.
type Kind string

// The kinds of code.
const (
	// Percentage takes PercentBasisPoints of the eligible goods (1000 = 10 %).
	Percentage Kind = "percentage"
	// Fixed takes AmountCents, at most the eligible goods' total.
	Fixed Kind = "fixed"
)

// Code is a discount code as the owner set it up, with its uses so far.
type Code struct {
	ID   int64
	Code string
	Kind Kind
	// PercentBasisPoints is a Percentage code's share, 1 to 10000.
	PercentBasisPoints int32
	// AmountCents is a Fixed code's amount, VAT included.
	AmountCents int64
	// MinimumCents is the least the goods must total (promotions applied,
	// before the code); 0 for no minimum.
	MinimumCents int64
	// StartsOn and EndsOn are the first and last day the code works, in
	// Madrid, both included; the zero time for no bound.
	StartsOn, EndsOn time.Time
	// MaxUses and MaxUsesPerShopper bound its orders, all shoppers' and
	// each shopper's; 0 for no bound.
	MaxUses, MaxUsesPerShopper int32
	Uses                       int32
	// FirstOrderOnly: only for a shopper's first order.
	FirstOrderOnly bool
	// FreeShipping: the order's shipping is not charged either. Without
	// it a code never touches the shipping line.
	FreeShipping bool
	// ExcludedProducts and ExcludedCategories are goods the code does not
	// take anything off.
	ExcludedProducts   []int64
	ExcludedCategories []string
	Paused             bool
}

// Normalize is a code as the shop stores and compares it: trimmed and in
// capitals, so "verao10 " finds VERAO10.
func Normalize(code string) string {
	return strings.ToUpper(strings.TrimSpace(code))
}

// Line is a cart line as a code sees it: its product, category, VAT rate and
// total as priced (promotions applied, VAT included).
type Line struct {
	ProductID      int64
	Category       string
	VATBasisPoints int32
	TotalCents     int64
}

// Shopper is what a code's shopper rules need: the shopper's orders with
// this code and orders at all (cancelled ones not counted). Known is false
// for a cart priced before sign-in, whose shopper rules wait for checkout.
type Shopper struct {
	Known      bool
	CodeUses   int32
	PastOrders int64
}

// The reasons a code is refused: ErrorInfo reasons the apps translate.
const (
	ReasonUnknown         = "DISCOUNT_CODE_UNKNOWN"
	ReasonExpired         = "DISCOUNT_CODE_EXPIRED"
	ReasonNotYetValid     = "DISCOUNT_CODE_NOT_YET_VALID"
	ReasonMinimum         = "DISCOUNT_CODE_MINIMUM_NOT_REACHED"
	ReasonLimitReached    = "DISCOUNT_CODE_LIMIT_REACHED"
	ReasonFirstOrderOnly  = "DISCOUNT_CODE_FIRST_ORDER_ONLY"
	ReasonNothingEligible = "DISCOUNT_CODE_NOTHING_ELIGIBLE"
)

// Refusal is a code that cannot be applied; FailedPrecondition at the edge
// with Reason, and the minimum's figures when that is the reason.
type Refusal struct {
	Reason       string
	Code         string
	MinimumCents int64
}

func (r *Refusal) Error() string {
	return "discount code " + strconv.Quote(r.Code) + ": " + strings.ToLower(strings.TrimPrefix(r.Reason, "DISCOUNT_CODE_"))
}

// Fault names the code and, for a minimum, the amount to reach.
func (r *Refusal) Fault() *fault.Error {
	md := map[string]string{"code": r.Code}
	if r.Reason == ReasonMinimum {
		md["minimum_cents"] = strconv.FormatInt(r.MinimumCents, 10)
	}
	return &fault.Error{Kind: fault.Refused, Reason: r.Reason, Field: "discount_code", Message: r.Error(), Metadata: md}
}

// Applied is what a code takes off a cart.
type Applied struct {
	CodeID int64
	Code   string
	// AmountCents is taken off the goods, VAT included; never more than the
	// eligible goods' total, so no line and no order goes below zero.
	AmountCents int64
	// Parts are AmountCents by VAT rate (Split), lowest rate first.
	Parts []Part
	// FreeShipping: the shipping is not charged.
	FreeShipping bool
	// LineCents are each line's share of AmountCents (LineShares),
	// index-aligned with the lines checked: what a refund of the line
	// keeps back.
	LineCents []int64
}

// Check applies code to lines for shopper at now, or says why it cannot.
// The checks run in the order a shopper can act on them: a code that does
// not work today, then its limits, then the cart. A refused code takes
// nothing; the caller decides whether the cart goes on without it.
func Check(code Code, lines []Line, shopper Shopper, now time.Time) (Applied, error) {
	refuse := func(reason string) (Applied, error) {
		return Applied{}, &Refusal{Reason: reason, Code: code.Code, MinimumCents: code.MinimumCents}
	}
	if code.ID == 0 || code.Paused {
		return refuse(ReasonUnknown)
	}
	day := madridDay(now)
	if !code.StartsOn.IsZero() && day.Before(madridDay(code.StartsOn)) {
		return refuse(ReasonNotYetValid)
	}
	if !code.EndsOn.IsZero() && day.After(madridDay(code.EndsOn)) {
		return refuse(ReasonExpired)
	}
	if code.MaxUses > 0 && code.Uses >= code.MaxUses {
		return refuse(ReasonLimitReached)
	}
	if shopper.Known {
		if code.MaxUsesPerShopper > 0 && shopper.CodeUses >= code.MaxUsesPerShopper {
			return refuse(ReasonLimitReached)
		}
		if code.FirstOrderOnly && shopper.PastOrders > 0 {
			return refuse(ReasonFirstOrderOnly)
		}
	}
	var goods int64
	for _, l := range lines {
		goods += l.TotalCents
	}
	if goods < code.MinimumCents {
		return refuse(ReasonMinimum)
	}
	eligible := Eligible(code, lines)
	var base int64
	for _, e := range eligible {
		base += e.TotalCents
	}
	if base <= 0 && !code.FreeShipping {
		return refuse(ReasonNothingEligible)
	}
	amount := Amount(code, base)
	parts := Split(amount, eligible)
	return Applied{
		CodeID: code.ID, Code: code.Code, AmountCents: amount, Parts: parts, FreeShipping: code.FreeShipping,
		LineCents: LineShares(parts, Eligibility(code, lines)),
	}, nil
}

// Eligibility is lines with the totals of those code takes nothing off set
// to 0, index-aligned with lines (Eligible keeps only the others).
func Eligibility(code Code, lines []Line) []Line {
	out := slices.Clone(lines)
	for i, l := range out {
		if l.TotalCents <= 0 || contains(code.ExcludedProducts, l.ProductID) || contains(code.ExcludedCategories, l.Category) {
			out[i].TotalCents = 0
		}
	}
	return out
}

// LineShares apportions each part (one VAT rate's share of a discount)
// across the lines of its rate in proportion to their totals
// (pricing.Apportion, largest remainder), so each line carries the
// discount its goods were sold with: a refund of the line gives back its
// price less that share. Lines with a total of 0 (not eligible) get
// nothing. Index-aligned with lines; the shares of each rate sum to its part.
func LineShares(parts []Part, lines []Line) []int64 {
	out := make([]int64, len(lines))
	for _, p := range parts {
		var at []int
		var weights []int64
		for i, l := range lines {
			if l.VATBasisPoints == p.VATBasisPoints && l.TotalCents > 0 {
				at = append(at, i)
				weights = append(weights, l.TotalCents)
			}
		}
		for j, cents := range pricing.Apportion(p.AmountCents, weights) {
			out[at[j]] += cents
		}
	}
	return out
}

// Eligible are the lines code takes its discount off: those with a total
// whose product and category it does not exclude.
func Eligible(code Code, lines []Line) []Line {
	out := make([]Line, 0, len(lines))
	for _, l := range lines {
		if l.TotalCents <= 0 || contains(code.ExcludedProducts, l.ProductID) || contains(code.ExcludedCategories, l.Category) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// Amount is what code takes off eligible goods worth baseCents: a
// percentage rounded half up to the cent, or the fixed amount; never more
// than baseCents (a code never makes goods cost less than nothing) nor
// less than zero.
func Amount(code Code, baseCents int64) int64 {
	if baseCents <= 0 {
		return 0
	}
	var amount int64
	switch code.Kind {
	case Percentage:
		amount = (baseCents*int64(code.PercentBasisPoints) + 5000) / 10000
	case Fixed:
		amount = code.AmountCents
	}
	return min(max(amount, 0), baseCents)
}

// madridDay is t's calendar day in Madrid, as a UTC midnight so days
// compare as days.
func madridDay(t time.Time) time.Time {
	y, m, d := t.In(shoptime.Madrid).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
