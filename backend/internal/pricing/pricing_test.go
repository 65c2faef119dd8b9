package pricing

import (
	"reflect"
	"testing"
	"time"
)

func TestApply(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		regular int64
		promo   Promotion
		want    Discount
		wantOK  bool
	}{
		{"20% off 8,50", 850, Promotion{Type: Percentage, DiscountBasisPoints: 2000}, Discount{680, 20, "-20%"}, true},
		// 299 × 0.85 = 254.15 → 254.
		{"15% rounds down below half", 299, Promotion{Type: Percentage, DiscountBasisPoints: 1500}, Discount{254, 15, "-15%"}, true},
		// 250 × 0.85 = 212.5 → 213: halves go up.
		{"15% rounds half up", 250, Promotion{Type: Percentage, DiscountBasisPoints: 1500}, Discount{213, 15, "-15%"}, true},
		// 999 × 0.875 = 874.125 → 874; 12.5 % labels as 13 %.
		{"fractional percentage", 999, Promotion{Type: Percentage, DiscountBasisPoints: 1250}, Discount{874, 13, "-13%"}, true},
		{"100% off is free", 450, Promotion{Type: Percentage, DiscountBasisPoints: 10000}, Discount{0, 100, "-100%"}, true},
		{"percentage of a free product", 0, Promotion{Type: Percentage, DiscountBasisPoints: 5000}, Discount{0, 50, "-50%"}, true},
		{"Guaraná: 15% off 2,79 is 5% below the 30-day low of 2,49", 279,
			Promotion{Type: Percentage, DiscountBasisPoints: 1500, LowestPrice30dCents: 249}, Discount{237, 5, "-5%"}, true},
		{"a 30-day low of the regular price changes nothing", 850,
			Promotion{Type: Percentage, DiscountBasisPoints: 2000, LowestPrice30dCents: 850}, Discount{680, 20, "-20%"}, true},
		{"back to the 30-day low announces no reduction", 300,
			Promotion{Type: FixedPrice, FixedPriceCents: 250, LowestPrice30dCents: 250}, Discount{250, 0, ""}, true},
		{"above the 30-day low announces no reduction", 300,
			Promotion{Type: Percentage, DiscountBasisPoints: 1000, LowestPrice30dCents: 200}, Discount{270, 0, ""}, true},
		{"a 30-day low above today's regular price is not the reference", 1000,
			Promotion{Type: Percentage, DiscountBasisPoints: 1500, LowestPrice30dCents: 1100}, Discount{850, 15, "-15%"}, true},
		{"zero percentage is no promotion", 850, Promotion{Type: Percentage}, Discount{}, false},
		{"over 100% is no promotion", 850, Promotion{Type: Percentage, DiscountBasisPoints: 10001}, Discount{}, false},
		// Saving 150 of 850 = 17.6 % → 18 %.
		{"fixed price label rounds", 850, Promotion{Type: FixedPrice, FixedPriceCents: 700}, Discount{700, 18, "-18%"}, true},
		// Saving 25 of 1000 = 2.5 % → 3 %: halves go up.
		{"fixed price label half up", 1000, Promotion{Type: FixedPrice, FixedPriceCents: 975}, Discount{975, 3, "-3%"}, true},
		// Saving 1 of 1000 = 0.1 % → 0 %: applied, but no badge.
		{"tiny saving has no badge", 1000, Promotion{Type: FixedPrice, FixedPriceCents: 999}, Discount{999, 0, ""}, true},
		{"fixed price zero", 500, Promotion{Type: FixedPrice, FixedPriceCents: 0}, Discount{0, 100, "-100%"}, true},
		{"fixed price equal is no reduction", 500, Promotion{Type: FixedPrice, FixedPriceCents: 500}, Discount{}, false},
		{"fixed price above is no reduction", 500, Promotion{Type: FixedPrice, FixedPriceCents: 650}, Discount{}, false},
		{"unknown type", 500, Promotion{}, Discount{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Apply(tt.regular, tt.promo)
			if ok != tt.wantOK || got != tt.want {
				t.Errorf("Apply(%d, %+v) = %+v, %v; want %+v, %v", tt.regular, tt.promo, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestIncludedVAT(t *testing.T) {
	t.Parallel()
	tests := []struct {
		amount int64
		rateBP int32
		want   int64
	}{
		{1210, 2100, 210},   // 10,00 + 21 % exactly
		{850, 1000, 77},     // 850 − 850/1.1 = 77.27
		{104, 400, 4},       // 4 % super-reduced rate
		{1000, 2100, 174},   // 173.55 → 174
		{21, 1000, 2},       // 1.909 → 2
		{231, 1000, 21},     // 21.0
		{1155, 1000, 105},   // 105.0
		{2625, 500, 125},    // 5 %: 125.0
		{1050, 500, 50},     // 50.0
		{21, 500, 1},        // 1.0
		{31, 2100, 5},       // 5.38 → 5
		{0, 2100, 0},        // nothing to tax
		{999, 0, 0},         // exempt
		{1, 10000, 1},       // 100 %: 0.5 → 1, halves go up
		{3, 10000, 2},       // 1.5 → 2
		{25, 2500, 5},       // 25 %: 5.0
		{2995, 2100, 520},   // 519.78 → 520
		{12345, 1000, 1122}, // 1122.27 → 1122
	}
	for _, tt := range tests {
		if got := IncludedVAT(tt.amount, tt.rateBP); got != tt.want {
			t.Errorf("IncludedVAT(%d, %d) = %d, want %d", tt.amount, tt.rateBP, got, tt.want)
		}
	}
}

func TestLineTotal(t *testing.T) {
	t.Parallel()
	totals := []struct {
		unit int64
		qty  int32
		want int64
	}{
		{850, 3, 2550},
		{850, 1, 850},
		{850, 0, 0},
		{850, -2, 0},
		{0, 5, 0},
	}
	for _, tt := range totals {
		if got := LineTotal(tt.unit, tt.qty); got != tt.want {
			t.Errorf("LineTotal(%d, %d) = %d, want %d", tt.unit, tt.qty, got, tt.want)
		}
	}
}

func TestSoldOnline(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		rows       []Visibility
		want       bool
		wantBrasil bool
	}{
		{"no rows: general product", nil, true, false},
		{"online in brasil", []Visibility{{"brasil", true, ChannelOnline}}, true, true},
		{"both in brasil", []Visibility{{"brasil", true, ChannelBoth}}, true, true},
		{"physical only", []Visibility{{"brasil", true, ChannelPhysical}}, false, false},
		{"hidden online row", []Visibility{{"brasil", false, ChannelOnline}}, false, false},
		{"hidden everywhere", []Visibility{{"brasil", false, ChannelBoth}, {"peru", false, ChannelOnline}}, false, false},
		{"hidden in brasil, online in peru", []Visibility{{"brasil", false, ChannelBoth}, {"peru", true, ChannelOnline}}, true, false},
		{"physical in brasil, both in peru", []Visibility{{"brasil", true, ChannelPhysical}, {"peru", true, ChannelBoth}}, true, false},
		{"unknown channel", []Visibility{{"brasil", true, "teleshop"}}, false, false},
	}
	for _, tt := range tests {
		if got := SoldOnline(tt.rows); got != tt.want {
			t.Errorf("%s: SoldOnline = %v, want %v", tt.name, got, tt.want)
		}
		if got := SoldOnlineIn(tt.rows, "brasil"); got != tt.wantBrasil {
			t.Errorf("%s: SoldOnlineIn(brasil) = %v, want %v", tt.name, got, tt.wantBrasil)
		}
	}
}

// TestAnnounced: one reference price everywhere a reduced price shows
// (C-330/23): the 30-day lowest price, never the regular one above it, and
// nothing struck through when no reduction against it is announced.
func TestAnnounced(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name    string
		regular int64
		promo   Promotion
		want    int64
	}{
		// 949 was 849 within 30 days: 10 % off 949 is 854, more than 849:
		// no reduction to announce, nothing struck through.
		{"not below the 30-day lowest", 949, Promotion{Type: Percentage, DiscountBasisPoints: 1000, LowestPrice30dCents: 849}, 0},
		// 20 % off 949 is 759, -11 % against 849: 849 is struck, not 949.
		{"below the 30-day lowest", 949, Promotion{Type: Percentage, DiscountBasisPoints: 2000, LowestPrice30dCents: 849}, 849},
		{"no lowest known: the regular price", 850, Promotion{Type: Percentage, DiscountBasisPoints: 2000}, 850},
		// The regular price fell below the lowest since the promotion began.
		{"never above the regular price", 800, Promotion{Type: FixedPrice, FixedPriceCents: 600, LowestPrice30dCents: 900}, 800},
		{"a fixed price at the lowest", 950, Promotion{Type: FixedPrice, FixedPriceCents: 850, LowestPrice30dCents: 850}, 0},
	} {
		d, ok := Apply(tt.regular, tt.promo)
		if !ok {
			t.Fatalf("%s: Apply refused the promotion", tt.name)
		}
		if got := Announced(tt.regular, tt.promo, d); got != tt.want {
			t.Errorf("%s: Announced = %d, want %d (price %d, label %q)", tt.name, got, tt.want, d.PriceCents, d.Label)
		}
	}
}

func TestPriceCart(t *testing.T) {
	t.Parallel()
	guarana := Item{ID: 1001, Name: "Guaraná", PriceCents: 250, VATBasisPoints: 1000, Stock: 40, SoldOnline: true}
	acai := Item{ID: 1002, Name: "Açaí", PriceCents: 850, VATBasisPoints: 1000, Stock: 3, SoldOnline: true,
		Promotion: &Promotion{ID: 7, Type: Percentage, DiscountBasisPoints: 2000}}
	soldOut := Item{ID: 1003, Name: "Paçoca", PriceCents: 300, VATBasisPoints: 1000, Stock: 0, SoldOnline: true}
	physical := Item{ID: 1004, Name: "Farofa", PriceCents: 400, VATBasisPoints: 1000, Stock: 9, SoldOnline: false}
	perfume := Item{ID: 12001, Name: "Perfume", PriceCents: 2900, VATBasisPoints: 2100, Stock: 5, SoldOnline: true,
		Promotion: &Promotion{ID: 9, Type: FixedPrice, FixedPriceCents: 3100}}
	items := map[int64]Item{1001: guarana, 1002: acai, 1003: soldOut, 1004: physical, 12001: perfume}

	t.Run("sellable lines with promotions", func(t *testing.T) {
		t.Parallel()
		got := PriceCart([]LineInput{{1001, 4}, {1002, 2}}, items)
		want := Cart{
			Lines: []Line{
				{ProductID: 1001, Quantity: 4, Item: guarana, UnitPriceCents: 250, LineTotalCents: 1000, VATCents: 91, AvailableStock: 40},
				{ProductID: 1002, Quantity: 2, Item: acai, UnitPriceCents: 680, PromotionID: 7, PromotionLabel: "-20%", ReferenceUnitCents: 850,
					LineTotalCents: 1360, VATCents: 124, AvailableStock: 3},
			},
			SubtotalCents: 2360, VATCents: 215, TotalCents: 2360, Valid: true,
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("PriceCart =\n%+v\nwant\n%+v", got, want)
		}
	})

	t.Run("a fixed price above the regular one is ignored", func(t *testing.T) {
		t.Parallel()
		// 2 × 2900 (the fixed price above the regular one is ignored) = 5800.
		got := PriceCart([]LineInput{{12001, 2}}, items)
		if got.SubtotalCents != 5800 || got.Lines[0].PromotionLabel != "" || got.Lines[0].PromotionID != 0 {
			t.Errorf("PriceCart = %+v", got)
		}
		if got.VATCents != 1007 { // 5800 × 21/121 = 1006.6
			t.Errorf("VAT = %d, want 1007", got.VATCents)
		}
		// Shipping of 4,95 € at the goods' 21 %: 495 × 21/121 = 85.9.
		shipped := got.WithShipping(495)
		if shipped.TotalCents != 6295 || shipped.ShippingCents != 495 || shipped.VATCents != 1007+86 {
			t.Errorf("WithShipping(495) = %+v", shipped)
		}
	})

	t.Run("problems are reported, and lines short of stock still counted", func(t *testing.T) {
		t.Parallel()
		got := PriceCart([]LineInput{{1001, 1}, {999, 1}, {1004, 1}, {1003, 1}, {1002, 5}, {1001, 0}, {1003, -1}}, items)
		wantProblems := [][]Problem{
			nil,
			{UnknownProduct},
			{UnknownProduct},
			{OutOfStock},
			{InsufficientStock},
			{InvalidQuantity},
			{InvalidQuantity, OutOfStock},
		}
		for i, line := range got.Lines {
			if !reflect.DeepEqual(line.Problems, wantProblems[i]) {
				t.Errorf("line %d problems = %v, want %v", i, line.Problems, wantProblems[i])
			}
		}
		// What the cart holds: Guaraná, one out-of-stock 1003 and five 1002
		// of which three are left; nothing for lines without a price or a
		// valid quantity.
		wantTotals := []int64{250, 0, 0, 300, 5 * 680, 0, 0} // 1002 at its promotional 6,80 €
		var sum int64
		for i, line := range got.Lines {
			if line.LineTotalCents != wantTotals[i] {
				t.Errorf("line %d totals %d, want %d", i, line.LineTotalCents, wantTotals[i])
			}
			sum += wantTotals[i]
		}
		if got.Valid || got.SubtotalCents != sum || got.TotalCents != sum {
			t.Errorf("totals = %+v, want invalid with subtotal %d", got, sum)
		}
		if got.Lines[4].AvailableStock != 3 || got.Lines[1].Item.Name != "" {
			t.Errorf("available stock / unknown item = %+v", got.Lines)
		}
		notOnline := Line{ProductID: 1004, Quantity: 1, Problems: []Problem{UnknownProduct}}
		if !reflect.DeepEqual(got.Lines[2], notOnline) {
			t.Errorf("line not sold online = %+v, want %+v", got.Lines[2], notOnline)
		}
	})

	t.Run("empty cart", func(t *testing.T) {
		t.Parallel()
		got := PriceCart(nil, items)
		if !got.Valid || got.TotalCents != 0 || len(got.Lines) != 0 {
			t.Errorf("PriceCart(nil) = %+v", got)
		}
	})
}

func TestRunning(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { v := now.Add(d); return &v }
	pct := func(id int64, starts, ends *time.Time) Promotion {
		return Promotion{ID: id, Type: Percentage, DiscountBasisPoints: 1000, StartsAt: starts, EndsAt: ends}
	}
	fixed := func(id, cents int64) Promotion { return Promotion{ID: id, Type: FixedPrice, FixedPriceCents: cents} }
	tests := []struct {
		name       string
		candidates []Promotion
		regular    int64
		wantID     int64
	}{
		{"none", nil, 500, 0},
		{"open on both ends", []Promotion{pct(1, nil, nil)}, 500, 1},
		{"newest of two running wins", []Promotion{pct(2, nil, nil), pct(1, nil, nil)}, 500, 2},
		{"not started yet", []Promotion{pct(1, at(time.Minute), nil)}, 500, 0},
		{"starts exactly now", []Promotion{pct(1, at(0), nil)}, 500, 1},
		{"ended", []Promotion{pct(1, nil, at(-time.Second))}, 500, 0},
		{"ends exactly now", []Promotion{pct(1, nil, at(0))}, 500, 1},
		{"newest not started, older runs", []Promotion{pct(2, at(time.Hour), nil), pct(1, at(-time.Hour), at(time.Hour))}, 500, 1},
		{"fixed price below regular", []Promotion{fixed(1, 400)}, 500, 1},
		{"fixed price at regular is no reduction", []Promotion{fixed(1, 500)}, 500, 0},
		{"fixed price above regular lets an older one run", []Promotion{fixed(2, 600), pct(1, nil, nil)}, 500, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, ok := Running(tt.candidates, tt.regular, now)
			if ok != (tt.wantID != 0) || got.ID != tt.wantID {
				t.Errorf("Running = %d, %t; want %d", got.ID, ok, tt.wantID)
			}
		})
	}
}
