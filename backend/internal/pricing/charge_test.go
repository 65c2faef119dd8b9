package pricing_test

import (
	"math/big"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/pricing"
)

// TestSplitCharge: a charge that goes with the goods (shipping, the
// cash-on-delivery surcharge) takes their VAT, shared across their rates in
// proportion to each rate's base, in whole cents that sum to the charge.
func TestSplitCharge(t *testing.T) {
	t.Parallel()
	type ra = pricing.RateAmount
	type cp = pricing.ChargePart
	tests := []struct {
		name   string
		charge int64
		goods  []ra
		want   []cp
	}{
		{"no charge", 0, []ra{{1000, 1100}}, nil},
		{"goods at one rate take the whole charge at it", 495, []ra{{1000, 1100}, {1000, 550}},
			[]cp{{1000, 495, 45}}},
		{"no goods: the general rate", 495, nil, []cp{{2100, 495, 86}}},
		{"goods of no value: the general rate", 495, []ra{{400, 0}}, []cp{{2100, 495, 86}}},
		// 4 %: 1 040 (base 1 000); 21 %: 1 210 (base 1 000). Half each is
		// 247,5: the cent left goes to the tie's higher rate.
		{"two rates, equal bases", 495, []ra{{400, 1040}, {2100, 1210}},
			[]cp{{400, 247, 10}, {2100, 248, 43}}},
		// Bases 100, 300, 600 of 1 000: 10 %, 30 %, 60 % of 1 € exactly.
		{"three rates, exact shares", 100, []ra{{400, 104}, {1000, 330}, {2100, 726}},
			[]cp{{400, 10, 0}, {1000, 30, 3}, {2100, 60, 10}}},
		// Bases 1 000 (4 %) and 2 000 (21 %): 695 → 231,67 and 463,33;
		// floors 231 + 463 = 694, the cent to the larger remainder (4 %).
		{"largest remainder wins the cent", 695, []ra{{400, 1040}, {2100, 2420}},
			[]cp{{400, 232, 9}, {2100, 463, 80}}},
		// A tiny base at 4 % beside a large one at 10 %: 1 cent of 1 000 000
		// rounds to nothing, and no part of 0 is listed.
		{"a share that rounds to nothing is left out", 99, []ra{{400, 1}, {1000, 1100000}},
			[]cp{{1000, 99, 9}}},
		// An 11,58 € order: frozen açaí (10 %, base 681) and a rum (21 %,
		// base 338), the cash surcharge of 3 €: 200,49 and 99,51 → the cent
		// left to the 21 % share's larger remainder.
		{"frozen goods and a bottle of rum", 300, []ra{{1000, 749}, {2100, 409}},
			[]cp{{1000, 200, 18}, {2100, 100, 17}}},
		{"lines of one rate are summed", 10, []ra{{2100, 121}, {1000, 110}, {2100, 121}},
			[]cp{{1000, 3, 0}, {2100, 7, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := pricing.SplitCharge(tt.charge, tt.goods)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("SplitCharge(%d, %v) = %v, want %v", tt.charge, tt.goods, got, tt.want)
			}
		})
	}
}

// TestVATByRate: an order's VAT per rate holds its goods and its charges
// split across the goods' rates; nothing is taxed at a rate the goods do
// not have.
func TestVATByRate(t *testing.T) {
	t.Parallel()
	goods := []pricing.RateAmount{{VATBasisPoints: 400, AmountCents: 1040}, {VATBasisPoints: 2100, AmountCents: 1210}}
	got := pricing.VATByRate(goods, 495, 300)
	// Shipping: 247 at 4 % (VAT 10) and 248 at 21 % (43); surcharge: 150
	// and 150 (VAT 6 and 26).
	want := []pricing.RateVAT{
		{VATBasisPoints: 400, BaseCents: 1000 + 237 + 144, VATCents: 40 + 10 + 6},
		{VATBasisPoints: 2100, BaseCents: 1000 + 205 + 124, VATCents: 210 + 43 + 26},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("VATByRate = %v, want %v", got, want)
	}
	if total := pricing.TotalVAT(got); total != 335 {
		t.Errorf("TotalVAT = %d, want 335", total)
	}
	if got := pricing.VATByRate(nil, 495); !slices.Equal(got, []pricing.RateVAT{{VATBasisPoints: 2100, BaseCents: 409, VATCents: 86}}) {
		t.Errorf("shipping alone: %v", got)
	}
}

// FuzzSplitCharge: whatever the charge and the goods, the parts sum to the
// charge exactly, none is negative, each is at a rate of the goods and
// within a cent of its exact proportional share, and each part's VAT is
// what it includes.
func FuzzSplitCharge(f *testing.F) {
	f.Add(int64(495), int64(1040), int64(1210), int64(0), int32(400), int32(2100), int32(1000))
	f.Add(int64(1), int64(1), int64(1), int64(1), int32(0), int32(400), int32(2100))
	f.Add(int64(99999), int64(0), int64(0), int64(0), int32(400), int32(1000), int32(2100))
	f.Add(int64(300), int64(749), int64(409), int64(5000), int32(1000), int32(2100), int32(1000))
	f.Fuzz(func(t *testing.T, charge, a, b, c int64, ra, rb, rc int32) {
		if charge < 0 || charge > 10_000_000 {
			t.Skip("a charge is at most 100 000 €")
		}
		goods := []pricing.RateAmount{}
		for _, g := range []pricing.RateAmount{{VATBasisPoints: ra, AmountCents: a}, {VATBasisPoints: rb, AmountCents: b}, {VATBasisPoints: rc, AmountCents: c}} {
			if g.AmountCents < 0 || g.AmountCents > 100_000_000_000 || g.VATBasisPoints < 0 || g.VATBasisPoints > 10000 {
				t.Skip("outside what the schema allows")
			}
			goods = append(goods, g)
		}
		parts := pricing.SplitCharge(charge, goods)
		bases := pricing.GoodsBases(goods)
		var total, sum int64
		for _, b := range bases {
			total += b.BaseCents
		}
		for _, p := range parts {
			sum += p.AmountCents
			if p.AmountCents <= 0 || p.VATCents != pricing.IncludedVAT(p.AmountCents, p.VATBasisPoints) {
				t.Fatalf("part %+v of %d over %v", p, charge, goods)
			}
			if total == 0 {
				if p.VATBasisPoints != pricing.GeneralVATBasisPoints {
					t.Fatalf("no goods base, part %+v not at the general rate", p)
				}
				continue
			}
			i := slices.IndexFunc(bases, func(r pricing.RateVAT) bool { return r.VATBasisPoints == p.VATBasisPoints })
			if i < 0 {
				t.Fatalf("part %+v at a rate the goods %v do not have", p, goods)
			}
			// |part × total − charge × base| < total: within a cent of the exact share.
			diff := new(big.Int).Sub(
				new(big.Int).Mul(big.NewInt(p.AmountCents), big.NewInt(total)),
				new(big.Int).Mul(big.NewInt(charge), big.NewInt(bases[i].BaseCents)))
			if diff.CmpAbs(big.NewInt(total)) >= 0 {
				t.Fatalf("part %+v is a cent or more from its share of %d (bases %v)", p, charge, bases)
			}
		}
		if sum != charge {
			t.Fatalf("parts %v sum to %d, want %d (goods %v)", parts, sum, charge, goods)
		}
	})
}
