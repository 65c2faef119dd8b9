package discount

import (
	"cmp"
	"slices"

	"github.com/sabores/sabores/backend/internal/pricing"
)

// Part is the share of a discount taken off the goods of one VAT rate, VAT
// included, and the VAT it takes back.
type Part struct {
	VATBasisPoints int32
	AmountCents    int64
	VATCents       int64
}

// Split apportions a discount of amountCents across the eligible lines'
// VAT rates, in proportion to each rate's VAT-inclusive total: a discount
// given on the sale lowers the taxable base of the goods it is given on
// (Ley 37/1992 del IVA, art. 78.Tres.2º), so each rate's goods carry their
// share. The shares are whole cents by the largest remainder method: each
// rate's exact share (amount × rate total ÷ eligible total) rounded down,
// then the cents still missing given one each to the largest fractions,
// ties to the larger total, then the higher rate. The parts therefore sum
// to amountCents exactly and none exceeds its rate's goods. Each part's VAT
// is what it includes, rounded half up as a line's is. Lowest rate first;
// no parts for an amount of 0 or less.
func Split(amountCents int64, eligible []Line) []Part {
	if amountCents <= 0 {
		return nil
	}
	type share struct {
		rate      int32
		total     int64
		cents     int64
		remainder int64
	}
	var shares []share
	var total int64
	for _, l := range eligible {
		if l.TotalCents <= 0 {
			continue
		}
		total += l.TotalCents
		i := slices.IndexFunc(shares, func(s share) bool { return s.rate == l.VATBasisPoints })
		if i < 0 {
			shares = append(shares, share{rate: l.VATBasisPoints})
			i = len(shares) - 1
		}
		shares[i].total += l.TotalCents
	}
	if total <= 0 {
		return nil
	}
	amountCents = min(amountCents, total)
	left := amountCents
	for i := range shares {
		// amount × total stays far inside int64: both are a cart's cents.
		n := amountCents * shares[i].total
		shares[i].cents, shares[i].remainder = n/total, n%total
		left -= shares[i].cents
	}
	order := make([]int, len(shares))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		sa, sb := shares[a], shares[b]
		return cmp.Or(cmp.Compare(sb.remainder, sa.remainder), cmp.Compare(sb.total, sa.total), cmp.Compare(sb.rate, sa.rate))
	})
	for _, i := range order[:left] {
		shares[i].cents++
	}
	slices.SortFunc(shares, func(a, b share) int { return cmp.Compare(a.rate, b.rate) })
	parts := make([]Part, 0, len(shares))
	for _, s := range shares {
		if s.cents > 0 {
			parts = append(parts, Part{VATBasisPoints: s.rate, AmountCents: s.cents, VATCents: pricing.IncludedVAT(s.cents, s.rate)})
		}
	}
	return parts
}

// VAT is the VAT the parts take back.
func VAT(parts []Part) int64 {
	var vat int64
	for _, p := range parts {
		vat += p.VATCents
	}
	return vat
}

// Sold is the discount an order was sold with, as its pages show it.
type Sold struct {
	Code                string
	AmountCents         int64
	ShippingWaivedCents int64
	Parts               []Part
}

// VATByRate is an order's taxable base and VAT by rate (pricing.VATByRate
// of its goods and charges) less its discount's parts: each part takes its
// amount off its rate's total and the VAT it includes off that rate's VAT,
// as the invoice's negative discount lines do (invoice.Totals), so the
// order and its invoice agree to the cent.
func VATByRate(goods []pricing.RateAmount, parts []Part, chargesCents ...int64) []pricing.RateVAT {
	rates := pricing.VATByRate(goods, chargesCents...)
	for _, p := range parts {
		i := slices.IndexFunc(rates, func(r pricing.RateVAT) bool { return r.VATBasisPoints == p.VATBasisPoints })
		if i < 0 {
			continue
		}
		rates[i].VATCents -= p.VATCents
		rates[i].BaseCents -= p.AmountCents - p.VATCents
	}
	return rates
}
