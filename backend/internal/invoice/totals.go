package invoice

import (
	"slices"

	"github.com/sabores/sabores/backend/internal/pricing"
)

// Line is an invoice line: prices include VAT, as the shop sells them;
// a corrective invoice's lines have negative quantities and totals.
type Line struct {
	LineNo         int32
	Description    string
	Quantity       int32
	UnitPriceCents int64
	VATBasisPoints int32
	TotalCents     int64
}

// Tax is the taxable base and the VAT of one rate on an invoice.
type Tax struct {
	VATBasisPoints int32
	BaseCents      int64
	VATCents       int64
}

// Totals sums an invoice's lines per VAT rate. The VAT of each line is
// what its VAT-inclusive total contains (pricing.IncludedVAT, rounded per
// line as the order was), summed per rate; the base is the rest. Negative
// lines give negative amounts of the same size.
func Totals(lines []Line) (taxes []Tax, baseCents, vatCents, totalCents int64) {
	byRate := map[int32]*Tax{}
	for _, l := range lines {
		t := byRate[l.VATBasisPoints]
		if t == nil {
			t = &Tax{VATBasisPoints: l.VATBasisPoints}
			byRate[l.VATBasisPoints] = t
		}
		vat := pricing.IncludedVAT(abs(l.TotalCents), l.VATBasisPoints)
		if l.TotalCents < 0 {
			vat = -vat
		}
		t.VATCents += vat
		t.BaseCents += l.TotalCents - vat
		totalCents += l.TotalCents
	}
	for _, t := range byRate {
		taxes = append(taxes, *t)
		baseCents += t.BaseCents
		vatCents += t.VATCents
	}
	slices.SortFunc(taxes, func(a, b Tax) int { return int(a.VATBasisPoints - b.VATBasisPoints) })
	return taxes, baseCents, vatCents, totalCents
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
