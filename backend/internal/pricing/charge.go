package pricing

import (
	"cmp"
	"slices"
)

// GeneralVATBasisPoints is Spain's general VAT rate (21 %): what a charge
// takes when there are no goods whose rates it could follow.
const GeneralVATBasisPoints int32 = 2100

// RateAmount is an amount, VAT included, at one VAT rate: an order line's
// total, or a part of a charge.
type RateAmount struct {
	VATBasisPoints int32
	AmountCents    int64
}

// ChargePart is the share of a charge taxed at one of the goods' rates,
// VAT included, and the VAT it includes.
type ChargePart struct {
	VATBasisPoints int32
	AmountCents    int64
	VATCents       int64
}

// RateVAT is the taxable base and the VAT of one rate.
type RateVAT struct {
	VATBasisPoints int32
	BaseCents      int64
	VATCents       int64
}

// SplitCharge splits a VAT-inclusive charge that goes with the goods
// (shipping, the cash-on-delivery surcharge) across the goods' rates. Such
// a charge is an accessory supply and follows the VAT of the goods it
// accompanies (Ley 37/1992 del IVA, art. 78.Dos.1º; DGT V2218-18): with
// goods at several rates it is shared in proportion to each rate's taxable
// base. The parts are whole cents found by largest remainder (each rate's
// exact share rounded down, the cents left over given one each to the
// largest fractions, ties to the larger base, then the higher rate), so
// they always sum to the charge. Each part's VAT is the VAT it includes,
// rounded half-up like a line's. goods are the lines' VAT-inclusive totals
// (GoodsBases is taken from them); with no goods of any base the charge is
// taxed whole at the general rate. The parts come lowest rate first; a
// charge of 0 or less has none.
func SplitCharge(chargeCents int64, goods []RateAmount) []ChargePart {
	if chargeCents <= 0 {
		return nil
	}
	bases := GoodsBases(goods)
	var total int64
	for _, b := range bases {
		total += b.BaseCents
	}
	if total <= 0 {
		return []ChargePart{part(chargeCents, GeneralVATBasisPoints)}
	}
	type share struct {
		rate      int32
		base      int64
		cents     int64
		remainder int64
	}
	shares := make([]share, 0, len(bases))
	left := chargeCents
	for _, b := range bases {
		if b.BaseCents <= 0 {
			continue
		}
		// chargeCents × base stays far inside int64: a charge is at most
		// thousands of euros and a cart's base millions of cents.
		n := chargeCents * b.BaseCents
		s := share{rate: b.VATBasisPoints, base: b.BaseCents, cents: n / total, remainder: n % total}
		left -= s.cents
		shares = append(shares, s)
	}
	byRemainder := make([]int, len(shares))
	for i := range byRemainder {
		byRemainder[i] = i
	}
	slices.SortFunc(byRemainder, func(a, b int) int {
		sa, sb := shares[a], shares[b]
		return cmp.Or(cmp.Compare(sb.remainder, sa.remainder), cmp.Compare(sb.base, sa.base), cmp.Compare(sb.rate, sa.rate))
	})
	for _, i := range byRemainder[:int(left)] {
		shares[i].cents++
	}
	parts := make([]ChargePart, 0, len(shares))
	for _, s := range shares {
		if s.cents > 0 {
			parts = append(parts, part(s.cents, s.rate))
		}
	}
	return parts
}

func part(cents int64, rate int32) ChargePart {
	return ChargePart{VATBasisPoints: rate, AmountCents: cents, VATCents: IncludedVAT(cents, rate)}
}

// GoodsBases is the taxable base and VAT of each rate among goods, lowest
// rate first: each amount's VAT is what it includes, rounded per amount
// as an order's lines and its invoice are.
func GoodsBases(goods []RateAmount) []RateVAT {
	var out []RateVAT
	for _, g := range goods {
		i := slices.IndexFunc(out, func(r RateVAT) bool { return r.VATBasisPoints == g.VATBasisPoints })
		if i < 0 {
			out = append(out, RateVAT{VATBasisPoints: g.VATBasisPoints})
			i = len(out) - 1
		}
		vat := IncludedVAT(g.AmountCents, g.VATBasisPoints)
		out[i].VATCents += vat
		out[i].BaseCents += g.AmountCents - vat
	}
	slices.SortFunc(out, func(a, b RateVAT) int { return cmp.Compare(a.VATBasisPoints, b.VATBasisPoints) })
	return out
}

// VATByRate is the taxable base and VAT of each rate of an order: its
// goods, and each of its charges (shipping, the cash-on-delivery
// surcharge) split across the goods' rates by SplitCharge; lowest rate
// first. What an order stores as its VAT, its page and e-mails show and
// its invoice lists all come from here, so they agree to the cent.
func VATByRate(goods []RateAmount, chargesCents ...int64) []RateVAT {
	amounts := slices.Clone(goods)
	for _, c := range chargesCents {
		for _, p := range SplitCharge(c, goods) {
			amounts = append(amounts, RateAmount{VATBasisPoints: p.VATBasisPoints, AmountCents: p.AmountCents})
		}
	}
	return GoodsBases(amounts)
}

// TotalVAT is the VAT of all rates.
func TotalVAT(rates []RateVAT) int64 {
	var vat int64
	for _, r := range rates {
		vat += r.VATCents
	}
	return vat
}
