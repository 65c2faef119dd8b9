package shipping_test

import (
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// reasonOf is err's fault reason and field; "" for none.
func reasonOf(t *testing.T, err error) (string, string) {
	t.Helper()
	if err == nil {
		return "", ""
	}
	f, ok := fault.As(err)
	if !ok {
		t.Fatalf("%v is not a fault", err)
	}
	return f.Reason, f.Field
}

// TestCheckZone: a zone's prefixes are digits, reach nowhere outside the EU
// VAT area, and cover no postal code another zone of the method covers.
func TestCheckZone(t *testing.T) {
	t.Parallel()
	others := []shipping.Zone{
		{Name: "Península", Prefixes: []string{"27", "28", "15"}},
		{Name: "Baleares", Prefixes: []string{"07"}},
	}
	tests := []struct {
		name     string
		in       shipping.ZoneInput
		kind     shipping.Kind
		reason   string
		field    string
		prefixes []string
	}{
		{"a new zone", shipping.ZoneInput{Name: " Norte ", Prefixes: []string{"33", " 39", "33"}}, shipping.Standard, "", "", []string{"33", "39"}},
		{"the same prefix as another zone", shipping.ZoneInput{Name: "Lugo", Prefixes: []string{"33", "27"}}, shipping.Standard,
			shipping.ReasonZoneOverlap, "zone.postal_prefixes[1]", nil},
		{"a longer prefix inside another zone", shipping.ZoneInput{Name: "Burela", Prefixes: []string{"27880"}}, shipping.Standard,
			shipping.ReasonZoneOverlap, "zone.postal_prefixes[0]", nil},
		{"a shorter prefix over another zone", shipping.ZoneInput{Name: "Cero", Prefixes: []string{"0"}}, shipping.Standard,
			shipping.ReasonZoneOverlap, "zone.postal_prefixes[0]", nil},
		{"Canarias", shipping.ZoneInput{Name: "Islas", Prefixes: []string{"35"}}, shipping.Standard,
			shipping.ReasonZoneOutsideVAT, "zone.postal_prefixes[0]", nil},
		{"a prefix reaching Tenerife", shipping.ZoneInput{Name: "Tres", Prefixes: []string{"3"}}, shipping.Standard,
			shipping.ReasonZoneOutsideVAT, "zone.postal_prefixes[0]", nil},
		{"Melilla's town", shipping.ZoneInput{Name: "Melilla", Prefixes: []string{"52001"}}, shipping.Standard,
			shipping.ReasonZoneOutsideVAT, "zone.postal_prefixes[0]", nil},
		{"letters", shipping.ZoneInput{Name: "X", Prefixes: []string{"2a"}}, shipping.Standard,
			shipping.ReasonPrefixInvalid, "zone.postal_prefixes[0]", nil},
		{"six digits", shipping.ZoneInput{Name: "X", Prefixes: []string{"278801"}}, shipping.Standard,
			shipping.ReasonPrefixInvalid, "zone.postal_prefixes[0]", nil},
		{"a pickup has no zones", shipping.ZoneInput{Name: "Burela", Prefixes: []string{"27880"}}, shipping.Pickup,
			shipping.ReasonPickupHasNoZones, "zone", nil},
		{"no name", shipping.ZoneInput{Name: "  ", Prefixes: []string{"33"}}, shipping.Standard, "", "zone.name", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := shipping.CheckZone(tt.in, tt.kind, others)
			reason, field := reasonOf(t, err)
			if reason != tt.reason || field != tt.field {
				t.Fatalf("CheckZone(%+v) = %v (reason %q, field %q), want %q on %q", tt.in, err, reason, field, tt.reason, tt.field)
			}
			if err == nil && !slices.Equal(got.Prefixes, tt.prefixes) {
				t.Errorf("prefixes = %v, want %v", got.Prefixes, tt.prefixes)
			}
		})
	}
}

// TestCheckBand: a band has an upper weight and a price that is not
// negative, and no other band of its zone has its upper weight.
func TestCheckBand(t *testing.T) {
	t.Parallel()
	others := []shipping.Band{{UpToGrams: 2000, PriceCents: 495}, {UpToGrams: 5000, PriceCents: 695}}
	tests := []struct {
		name   string
		in     shipping.BandInput
		reason string
		field  string
	}{
		{"a heavier band", shipping.BandInput{UpToGrams: 10000, PriceCents: 995}, "", ""},
		{"a free band", shipping.BandInput{UpToGrams: 1000, PriceCents: 0}, "", ""},
		{"a negative price", shipping.BandInput{UpToGrams: 10000, PriceCents: -1}, shipping.ReasonNegativePrice, "band.price_cents"},
		{"no upper limit", shipping.BandInput{UpToGrams: 0, PriceCents: 995}, shipping.ReasonBandNoLimit, "band.up_to_grams"},
		{"a negative limit", shipping.BandInput{UpToGrams: -5, PriceCents: 995}, shipping.ReasonBandNoLimit, "band.up_to_grams"},
		{"beyond 100 kg", shipping.BandInput{UpToGrams: 100001, PriceCents: 995}, shipping.ReasonBandTooHeavy, "band.up_to_grams"},
		{"the same limit as another band", shipping.BandInput{UpToGrams: 5000, PriceCents: 595}, shipping.ReasonBandDuplicate, "band.up_to_grams"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reason, field := reasonOf(t, shipping.CheckBand(tt.in, others))
			if reason != tt.reason || field != tt.field {
				t.Errorf("CheckBand(%+v): reason %q on %q, want %q on %q", tt.in, reason, field, tt.reason, tt.field)
			}
		})
	}
}

// TestCheckMethod: a method's code, names and kind; a cold chain needs
// dispatch days, the others carry none; no negative amount.
func TestCheckMethod(t *testing.T) {
	t.Parallel()
	base := shipping.MethodInput{Code: "standard", NameES: "Estándar", NamePT: "Normal", Kind: shipping.Standard, FreeAboveCents: 2995}
	with := func(f func(*shipping.MethodInput)) shipping.MethodInput {
		in := base
		f(&in)
		return in
	}
	tests := []struct {
		name   string
		in     shipping.MethodInput
		reason string
		field  string
	}{
		{"standard", base, "", ""},
		{"a cold chain with its days", with(func(in *shipping.MethodInput) {
			in.Kind, in.DispatchDays, in.SurchargeCents = shipping.ColdChain, []int32{3, 1, 2, 1}, 300
		}), "", ""},
		{"a cold chain without days", with(func(in *shipping.MethodInput) { in.Kind = shipping.ColdChain }),
			shipping.ReasonDispatchDays, "method.dispatch_weekdays"},
		{"a negative threshold", with(func(in *shipping.MethodInput) { in.FreeAboveCents = -1 }),
			shipping.ReasonNegativePrice, "method.free_above_cents"},
		{"a negative surcharge", with(func(in *shipping.MethodInput) { in.SurchargeCents = -300 }),
			shipping.ReasonNegativePrice, "method.surcharge_cents"},
		{"an unknown kind", with(func(in *shipping.MethodInput) { in.Kind = "drone" }),
			shipping.ReasonInvalidMethodKind, "method.kind"},
		{"a code with capitals", with(func(in *shipping.MethodInput) { in.Code = "Standard" }), "", "method.code"},
		{"a blank name", with(func(in *shipping.MethodInput) { in.NamePT = " " }), "", "method.name_pt"},
		{"a weekday 8", with(func(in *shipping.MethodInput) {
			in.Kind, in.DispatchDays = shipping.ColdChain, []int32{8}
		}), "", "method.dispatch_weekdays"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := shipping.CheckMethod(tt.in)
			reason, field := reasonOf(t, err)
			if reason != tt.reason || field != tt.field {
				t.Errorf("CheckMethod: %v (reason %q on %q), want %q on %q", err, reason, field, tt.reason, tt.field)
			}
		})
	}
	cold, err := shipping.CheckMethod(with(func(in *shipping.MethodInput) {
		in.Kind, in.DispatchDays = shipping.ColdChain, []int32{7, 3, 1, 3}
	}))
	if err != nil || !slices.Equal(cold.DispatchDays, []int32{1, 3, 7}) {
		t.Errorf("dispatch days = %v, %v; want Monday, Wednesday, Sunday", cold.DispatchDays, err)
	}
	pickup, err := shipping.CheckMethod(with(func(in *shipping.MethodInput) {
		in.Kind, in.DispatchDays, in.SurchargeCents = shipping.Pickup, []int32{1}, 300
	}))
	if err != nil || len(pickup.DispatchDays) != 0 || pickup.SurchargeCents != 0 || pickup.FreeAboveCents != 0 {
		t.Errorf("pickup = %+v, %v; want no days, surcharge or threshold", pickup, err)
	}
}
