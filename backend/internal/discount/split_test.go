package discount_test

import (
	"reflect"
	"testing"

	"github.com/sabores/sabores/backend/internal/discount"
)

// TestSplit checks the largest remainder apportioning by hand-worked
// figures: exact shares, a cent left to the largest fraction, ties, one
// rate, and an amount beyond the goods.
func TestSplit(t *testing.T) {
	t.Parallel()
	food := func(cents int64) discount.Line { return discount.Line{VATBasisPoints: 1000, TotalCents: cents} }
	perfume := func(cents int64) discount.Line { return discount.Line{VATBasisPoints: 2100, TotalCents: cents} }
	bread := func(cents int64) discount.Line { return discount.Line{VATBasisPoints: 400, TotalCents: cents} }
	for _, tc := range []struct {
		name   string
		amount int64
		lines  []discount.Line
		want   []discount.Part
	}{
		{
			// 400 × 3000/4000 = 300, 400 × 1000/4000 = 100: no remainder.
			name: "exact", amount: 400, lines: []discount.Line{food(3000), perfume(1000)},
			want: []discount.Part{{1000, 300, 27}, {2100, 100, 17}},
		},
		{
			// 100 × 2000/3000 = 66.67, 100 × 1000/3000 = 33.33: 66 + 33
			// leaves 1 cent, to the larger fraction (10 %).
			name: "one cent left", amount: 100, lines: []discount.Line{food(2000), perfume(1000)},
			want: []discount.Part{{1000, 67, 6}, {2100, 33, 6}},
		},
		{
			// 1 × 1000/2000 = 0.5 each: the tie goes to the higher rate.
			name: "tie to the higher rate", amount: 1, lines: []discount.Line{food(1000), perfume(1000)},
			want: []discount.Part{{2100, 1, 0}},
		},
		{
			// Three rates, 100 split 1/3 each: 33 + 33 + 33, the cent to
			// the largest total (10 %, 1001 cents).
			name: "three rates", amount: 100, lines: []discount.Line{bread(1000), food(1001), perfume(1000)},
			want: []discount.Part{{400, 33, 1}, {1000, 34, 3}, {2100, 33, 6}},
		},
		{
			name: "lines of one rate add up", amount: 250, lines: []discount.Line{food(1000), food(1500)},
			want: []discount.Part{{1000, 250, 23}},
		},
		{
			name: "never beyond the goods", amount: 5000, lines: []discount.Line{food(300), perfume(200)},
			want: []discount.Part{{1000, 300, 27}, {2100, 200, 35}},
		},
		{name: "nothing", amount: 0, lines: []discount.Line{food(300)}},
		{name: "no goods", amount: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := discount.Split(tc.amount, tc.lines)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Split(%d) = %+v, want %+v", tc.amount, got, tc.want)
			}
		})
	}
}

// FuzzSplit: the parts always sum to the amount (at most the goods) and
// none exceeds its rate's goods.
func FuzzSplit(f *testing.F) {
	f.Add(int64(100), int64(2000), int64(1000), int64(7))
	f.Fuzz(func(t *testing.T, amount, a, b, c int64) {
		if amount < 0 || a < 0 || b < 0 || c < 0 || amount > 1e9 || a > 1e9 || b > 1e9 || c > 1e9 {
			t.Skip()
		}
		lines := []discount.Line{{VATBasisPoints: 400, TotalCents: a}, {VATBasisPoints: 1000, TotalCents: b}, {VATBasisPoints: 2100, TotalCents: c}}
		parts := discount.Split(amount, lines)
		var sum int64
		for _, p := range parts {
			sum += p.AmountCents
			for _, l := range lines {
				if l.VATBasisPoints == p.VATBasisPoints && p.AmountCents > l.TotalCents {
					t.Fatalf("part %+v exceeds its goods %d", p, l.TotalCents)
				}
			}
		}
		if want := min(amount, a+b+c); sum != want {
			t.Fatalf("parts sum to %d, want %d", sum, want)
		}
	})
}

// TestLineShares checks each line's share of a discount as Check gives it:
// each rate's part spread over that rate's eligible lines by largest
// remainder, nothing on an excluded line, and every rate's shares summing
// to its part.
func TestLineShares(t *testing.T) {
	t.Parallel()
	code := discount.Code{ID: 1, Code: "VERAO10", Kind: discount.Percentage, PercentBasisPoints: 1000, ExcludedProducts: []int64{3}}
	for _, tc := range []struct {
		name  string
		lines []discount.Line
		want  []int64
	}{
		{
			// 10 % of 40,00 €: 4,00 € at 10 %, 300 + 100 by the lines' totals.
			name:  "one rate, two lines",
			lines: []discount.Line{{ProductID: 1, VATBasisPoints: 1000, TotalCents: 3000}, {ProductID: 2, VATBasisPoints: 1000, TotalCents: 1000}},
			want:  []int64{300, 100},
		},
		{
			// The excluded product 3 (same rate) takes nothing.
			name: "excluded line",
			lines: []discount.Line{
				{ProductID: 1, VATBasisPoints: 1000, TotalCents: 2000}, {ProductID: 3, VATBasisPoints: 1000, TotalCents: 5000},
				{ProductID: 2, VATBasisPoints: 2100, TotalCents: 1000},
			},
			want: []int64{200, 0, 100},
		},
		{
			// 10 % of 10,01 € = 1,00 € (half up), one rate: 33,37 / 33,33 / 33,30 → 33 + 33 + 33, the cent to the first.
			name: "a cent by largest remainder",
			lines: []discount.Line{
				{ProductID: 1, VATBasisPoints: 1000, TotalCents: 334}, {ProductID: 2, VATBasisPoints: 1000, TotalCents: 334},
				{ProductID: 4, VATBasisPoints: 1000, TotalCents: 333},
			},
			want: []int64{34, 33, 33},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			applied, err := discount.Check(code, tc.lines, discount.Shopper{}, code.StartsOn)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(applied.LineCents, tc.want) {
				t.Fatalf("line shares %v, want %v (parts %+v)", applied.LineCents, tc.want, applied.Parts)
			}
			for _, p := range applied.Parts {
				var sum int64
				for i, l := range tc.lines {
					if l.VATBasisPoints == p.VATBasisPoints {
						sum += applied.LineCents[i]
					}
				}
				if sum != p.AmountCents {
					t.Fatalf("rate %d: shares sum to %d, part is %d", p.VATBasisPoints, sum, p.AmountCents)
				}
			}
		})
	}
}
