package shipping_test

import (
	"errors"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// peninsula is every province but the Balearic Islands (07), the Canary
// Islands (35, 38), Ceuta (51) and Melilla (52).
var peninsula = func() []string {
	var out []string
	for _, p := range deliveryarea.Provinces {
		if p != "07" && p != "35" && p != "38" && p != "51" && p != "52" {
			out = append(out, p)
		}
	}
	return out
}()

// sample are the rates migration 00380 seeds.
func sample() shipping.Rates {
	bands := func(prices ...int64) []shipping.Band {
		ups := []int32{2000, 5000, 10000, 20000, 30000}
		if len(prices) == 3 {
			ups = []int32{5000, 10000, 20000}
		}
		out := make([]shipping.Band, len(prices))
		for i, p := range prices {
			out[i] = shipping.Band{UpToGrams: ups[i], PriceCents: p}
		}
		return out
	}
	return shipping.Rates{
		DefaultWeightGrams: 1000,
		Dispatch:           deliveryarea.Dispatch{CutoffHour: 12},
		Methods: []shipping.Method{
			{Code: "standard", NameES: "Envío estándar", NamePT: "Envio normal", Kind: shipping.Standard, FreeAboveCents: 2995, Active: true,
				Zones: []shipping.Zone{
					{Name: "Península", Prefixes: peninsula, Bands: bands(495, 695, 995, 1495, 1995)},
					{Name: "Baleares", Prefixes: []string{"07"}, Bands: bands(795, 1095, 1495, 2195, 2995)},
				}},
			{Code: "cold_chain", NameES: "Refrigerado", NamePT: "Refrigerado", Kind: shipping.ColdChain, FreeAboveCents: 5995,
				DispatchDays: []time.Weekday{time.Monday, time.Tuesday, time.Wednesday}, SurchargeCents: 300, Active: true,
				Zones: []shipping.Zone{{Name: "Península", Prefixes: peninsula, Bands: bands(795, 1095, 1595)}}},
			{Code: "pickup_burela", NameES: "Recogida en Burela", NamePT: "Levantamento em Burela", Kind: shipping.Pickup, Active: true},
		},
	}
}

// option is what a test expects of one option.
type option struct {
	price       int64
	free        bool
	unavailable string
	estimate    bool
}

// TestQuote prices the sample rates: bands by weight, zones by postal code,
// the free-shipping threshold on the goods, the cold chain taking the
// whole cart, pickup always free, the areas outside the EU VAT area
// refused with their reason, and the cheapest home delivery preselected.
func TestQuote(t *testing.T) {
	t.Parallel()
	// Thursday 2026-12-03 09:00 in Madrid: the cold chain leaves on Monday
	// 7 (Tuesday 8 is the Immaculate Conception, a holiday, not reached).
	thursday := time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC)
	monday := "2026-12-07"
	tests := []struct {
		name        string
		parcel      shipping.Parcel
		postal      string
		want        map[string]option
		preselected string
		refusal     string
		dispatch    string
	}{
		{"a 20 € cart to Lugo pays the standard rate", shipping.Parcel{WeightGrams: 1800, GoodsCents: 2000}, "27880",
			map[string]option{"standard": {price: 495}, "cold_chain": {unavailable: shipping.ColdChainNotNeeded}, "pickup_burela": {free: true}},
			"standard", "", ""},
		{"a parcel of exactly 2 kg is in the first band", shipping.Parcel{WeightGrams: 2000, GoodsCents: 2000}, "28013",
			map[string]option{"standard": {price: 495}}, "standard", "", ""},
		{"a gram more takes the next band", shipping.Parcel{WeightGrams: 2001, GoodsCents: 2000}, "28013",
			map[string]option{"standard": {price: 695}}, "standard", "", ""},
		{"12 kg to Baleares", shipping.Parcel{WeightGrams: 12000, GoodsCents: 1000}, "07001",
			map[string]option{"standard": {price: 2195}}, "standard", "", ""},
		{"29,94 € of goods is not free", shipping.Parcel{WeightGrams: 500, GoodsCents: 2994}, "27880",
			map[string]option{"standard": {price: 495}}, "standard", "", ""},
		{"29,95 € of goods ships free", shipping.Parcel{WeightGrams: 500, GoodsCents: 2995}, "27880",
			map[string]option{"standard": {free: true}}, "standard", "", ""},
		{"a 35 € cart ships free", shipping.Parcel{WeightGrams: 3000, GoodsCents: 3500}, "27001",
			map[string]option{"standard": {free: true}}, "standard", "", ""},
		{"beyond the last band is too heavy", shipping.Parcel{WeightGrams: 30001, GoodsCents: 1000}, "28013",
			map[string]option{"standard": {unavailable: shipping.TooHeavy}, "pickup_burela": {free: true}}, "", shipping.TooHeavy, ""},
		{"a frozen item ships whole in the cold chain", shipping.Parcel{WeightGrams: 1400, ColdChain: true, GoodsCents: 1158}, "27880",
			map[string]option{"standard": {unavailable: shipping.NotColdChain}, "cold_chain": {price: 795 + 300}, "pickup_burela": {free: true}},
			"cold_chain", "", monday},
		{"the cold chain's threshold is its own", shipping.Parcel{WeightGrams: 6000, ColdChain: true, GoodsCents: 4000}, "28013",
			map[string]option{"cold_chain": {price: 1095 + 300}}, "cold_chain", "", monday},
		{"the cold chain free from 59,95 €", shipping.Parcel{WeightGrams: 6000, ColdChain: true, GoodsCents: 5995}, "28013",
			map[string]option{"cold_chain": {free: true}}, "cold_chain", "", monday},
		{"frozen goods do not go to Baleares", shipping.Parcel{WeightGrams: 1000, ColdChain: true, GoodsCents: 2000}, "07001",
			map[string]option{"standard": {unavailable: shipping.NotColdChain}, "cold_chain": {unavailable: shipping.NoZone}, "pickup_burela": {free: true}},
			"", shipping.ColdChainArea, monday},
		{"Canarias is outside the EU VAT area, whatever the goods", shipping.Parcel{WeightGrams: 700, GoodsCents: 2500}, "35001",
			map[string]option{"standard": {unavailable: shipping.OutsideVATArea}, "pickup_burela": {free: true}},
			"", shipping.OutsideVATArea, ""},
		{"so is Tenerife with frozen goods: the reason is the VAT area, not the goods", shipping.Parcel{WeightGrams: 700, ColdChain: true, GoodsCents: 2500}, "38001",
			map[string]option{"cold_chain": {unavailable: shipping.OutsideVATArea}}, "", shipping.OutsideVATArea, monday},
		{"Ceuta", shipping.Parcel{WeightGrams: 700, GoodsCents: 2500}, "51001",
			map[string]option{"standard": {unavailable: shipping.OutsideVATArea}}, "", shipping.OutsideVATArea, ""},
		{"Melilla", shipping.Parcel{WeightGrams: 700, GoodsCents: 2500}, "52001",
			map[string]option{"standard": {unavailable: shipping.OutsideVATArea}}, "", shipping.OutsideVATArea, ""},
		{"without a postal code, the cheapest zone as an estimate", shipping.Parcel{WeightGrams: 700, GoodsCents: 1000}, "",
			map[string]option{"standard": {price: 495, estimate: true}, "pickup_burela": {free: true}}, "standard", "", ""},
		{"an empty cart weighs nothing and takes the first band", shipping.Parcel{}, "28013",
			map[string]option{"standard": {price: 495}}, "standard", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			q := shipping.Quote(sample(), tt.parcel, tt.postal, thursday)
			got := map[string]shipping.Option{}
			for _, o := range q.Options {
				got[o.Method.Code] = o
			}
			for code, w := range tt.want {
				o, ok := got[code]
				if !ok {
					t.Fatalf("no option %s in %+v", code, q.Options)
				}
				if o.PriceCents != w.price || o.Free != w.free || o.Unavailable != w.unavailable || o.Estimate != w.estimate {
					t.Errorf("%s = price %d free %v unavailable %q estimate %v, want %+v", code, o.PriceCents, o.Free, o.Unavailable, o.Estimate, w)
				}
			}
			pre := ""
			if q.Preselected >= 0 {
				pre = q.Options[q.Preselected].Method.Code
			}
			if pre != tt.preselected || q.Refusal != tt.refusal {
				t.Errorf("preselected %q, refusal %q; want %q, %q", pre, q.Refusal, tt.preselected, tt.refusal)
			}
			if day := got["cold_chain"].DispatchDay; (tt.dispatch == "") != day.IsZero() || !day.IsZero() && day.Format(time.DateOnly) != tt.dispatch {
				t.Errorf("cold-chain dispatch day = %v, want %q", day, tt.dispatch)
			}
		})
	}
}

// TestQuotePreselectsTheCheapest: of two available home deliveries the
// cheaper is preselected, a free pickup never is, and an inactive method
// is not offered at all.
func TestQuotePreselectsTheCheapest(t *testing.T) {
	t.Parallel()
	rates := sample()
	express := rates.Methods[0]
	express.Code, express.FreeAboveCents = "express", 0
	express.Zones = []shipping.Zone{{Name: "Galicia", Prefixes: []string{"27"}, Bands: []shipping.Band{{UpToGrams: 5000, PriceCents: 395}}}}
	hidden := express
	hidden.Code, hidden.Active = "hidden", false
	hidden.Zones = []shipping.Zone{{Name: "Galicia", Prefixes: []string{"27"}, Bands: []shipping.Band{{UpToGrams: 5000, PriceCents: 1}}}}
	rates.Methods = append(rates.Methods, express, hidden)
	q := shipping.Quote(rates, shipping.Parcel{WeightGrams: 1000, GoodsCents: 1000}, "27880", time.Now())
	if q.Options[q.Preselected].Method.Code != "express" {
		t.Errorf("preselected %s, want express (3,95 € beside 4,95 €)", q.Options[q.Preselected].Method.Code)
	}
	for _, o := range q.Options {
		if o.Method.Code == "hidden" {
			t.Error("an inactive method is offered")
		}
	}
	q = shipping.Quote(rates, shipping.Parcel{WeightGrams: 1000, GoodsCents: 1000}, "28013", time.Now())
	if q.Options[q.Preselected].Method.Code != "standard" {
		t.Errorf("Madrid: preselected %s, want standard (express does not reach it)", q.Options[q.Preselected].Method.Code)
	}
}

// TestChoose: the shopper's choice, when available, else the
// preselected; an unavailable choice is refused with its reason, an
// unknown code as an invalid field; pickup needs no postal code.
func TestChoose(t *testing.T) {
	t.Parallel()
	now := time.Now()
	lugo := shipping.Quote(sample(), shipping.Parcel{WeightGrams: 1000, GoodsCents: 2000}, "27880", now)
	if o, err := lugo.Choose(""); err != nil || o.Method.Code != "standard" || o.PriceCents != 495 {
		t.Errorf("Choose(\"\") = %+v, %v; want standard at 495", o, err)
	}
	if o, err := lugo.Choose("pickup_burela"); err != nil || !o.Free || o.PriceCents != 0 {
		t.Errorf("Choose(pickup) = %+v, %v; want it free", o, err)
	}
	var unavailable *shipping.Unavailable
	if _, err := lugo.Choose("cold_chain"); !errors.As(err, &unavailable) || unavailable.Fault().Reason != shipping.ColdChainNotNeeded {
		t.Errorf("Choose(cold_chain) for an ambient cart = %v", err)
	}
	if _, err := lugo.Choose("teleport"); err == nil {
		t.Error("an unknown method was chosen")
	} else if f, ok := fault.As(err); !ok || f.Field != "shipping_method" {
		t.Errorf("unknown method: %v, want an invalid shipping_method", err)
	}
	canarias := shipping.Quote(sample(), shipping.Parcel{WeightGrams: 1000, GoodsCents: 2000}, "35001", now)
	if _, err := canarias.Choose(""); !errors.As(err, &unavailable) || unavailable.Reason != shipping.OutsideVATArea || unavailable.Area != deliveryarea.Canarias {
		t.Errorf("Canarias with no choice = %v, want SHIPPING_OUTSIDE_VAT_AREA", err)
	}
	pickup := shipping.Quote(sample(), shipping.Parcel{WeightGrams: 1000, ColdChain: true, GoodsCents: 2000}, "", now)
	if o, err := pickup.Choose("pickup_burela"); err != nil || o.Method.Kind != shipping.Pickup || !o.DispatchDay.IsZero() {
		t.Errorf("pickup with no postal code = %+v, %v", o, err)
	}
}

// TestParcelOf: a line weighs its product's weight times its quantity, a
// product without one the default; one cold line makes the parcel cold.
func TestParcelOf(t *testing.T) {
	t.Parallel()
	p := shipping.ParcelOf([]shipping.ParcelLine{
		{Quantity: 3, WeightGrams: 400},
		{Quantity: 2},
		{Quantity: 1, WeightGrams: 1100, ColdChain: true},
		{Quantity: 0, WeightGrams: 99999},
	}, 4321, 750)
	if p.WeightGrams != 1200+1500+1100 || !p.ColdChain || p.GoodsCents != 4321 {
		t.Errorf("ParcelOf = %+v", p)
	}
}

// TestAreas: the storefront's delivery areas are what the active home
// deliveries' zones reach.
func TestAreas(t *testing.T) {
	t.Parallel()
	served, cold := sample().Areas()
	if len(served) != 2 || served[0] != deliveryarea.Peninsula || served[1] != deliveryarea.Baleares {
		t.Errorf("served = %v, want peninsula and baleares", served)
	}
	if len(cold) != 1 || cold[0] != deliveryarea.Peninsula {
		t.Errorf("cold chain = %v, want the peninsula", cold)
	}
	if got := sample().FreeShippingThresholdCents(); got != 2995 {
		t.Errorf("threshold = %d, want 2995", got)
	}
}
