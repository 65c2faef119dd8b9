package invoice

import (
	"slices"
	"testing"
)

// TestTotals sums base and VAT per rate, line by line, for sales and for
// corrections.
func TestTotals(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name             string
		lines            []Line
		taxes            []Tax
		base, vat, total int64
	}{
		{"one rate", []Line{{VATBasisPoints: 1000, TotalCents: 1100}}, []Tax{{1000, 1000, 100}}, 1000, 100, 1100},
		{
			"three rates, rounded per line",
			[]Line{
				{VATBasisPoints: 400, TotalCents: 250},   // VAT 9.6 → 10
				{VATBasisPoints: 1000, TotalCents: 199},  // 18.09 → 18
				{VATBasisPoints: 1000, TotalCents: 199},  // 18
				{VATBasisPoints: 2100, TotalCents: 1210}, // 210
			},
			[]Tax{{400, 240, 10}, {1000, 362, 36}, {2100, 1000, 210}},
			1602, 256, 1858,
		},
		{"correction", []Line{{VATBasisPoints: 1000, TotalCents: -199}}, []Tax{{1000, -181, -18}}, -181, -18, -199},
		{"none", nil, nil, 0, 0, 0},
	} {
		taxes, base, vat, total := Totals(tc.lines)
		if !slices.Equal(taxes, tc.taxes) || base != tc.base || vat != tc.vat || total != tc.total {
			t.Errorf("%s: Totals = %v %d %d %d, want %v %d %d %d", tc.name, taxes, base, vat, total, tc.taxes, tc.base, tc.vat, tc.total)
		}
		if base+vat != total {
			t.Errorf("%s: base %d + VAT %d != total %d", tc.name, base, vat, total)
		}
	}
}
