package carrier_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// TestMoves: a parcel only moves forward, so a webhook repeated, late or
// out of order changes nothing.
func TestMoves(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		from, to carrier.State
		want     bool
	}{
		{carrier.Announced, carrier.InTransit, true},
		{carrier.Announced, carrier.Delivered, true},
		{carrier.InTransit, carrier.Delivered, true},
		{carrier.InTransit, carrier.InTransit, false},
		{carrier.Delivered, carrier.Delivered, false},
		{carrier.Delivered, carrier.InTransit, false},
		{carrier.InTransit, carrier.Announced, false},
		{carrier.Announced, "", false},
		{"lost", carrier.Delivered, false},
	} {
		if got := carrier.Moves(tt.from, tt.to); got != tt.want {
			t.Errorf("Moves(%q, %q) = %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
}

// TestServicesFor: which shipping option an order goes with, or whether it
// goes outside the platform.
func TestServicesFor(t *testing.T) {
	t.Parallel()
	all := carrier.Services{Standard: "correos:standard", AgeCheck: "correos:standard/age_check=18", ColdChain: "seur:frio"}
	standardOnly := carrier.Services{Standard: "correos:standard"}
	for _, tt := range []struct {
		name               string
		services           carrier.Services
		coldChain, idCheck bool
		want               carrier.Route
	}{
		{"plain goods", all, false, false, carrier.Route{Code: "correos:standard"}},
		{"alcohol with an age-check option", all, false, true, carrier.Route{Code: "correos:standard/age_check=18", AgeCheck: true}},
		{"alcohol without one: the note instead", standardOnly, false, true, carrier.Route{Code: "correos:standard"}},
		{"frozen goods with a cold-chain option", all, true, false, carrier.Route{Code: "seur:frio"}},
		{"frozen goods without one: outside the platform", standardOnly, true, false, carrier.Route{Outside: true}},
		{"frozen goods and alcohol go in the cold chain", all, true, true, carrier.Route{Code: "seur:frio"}},
	} {
		if got := tt.services.For(tt.coldChain, tt.idCheck); got != tt.want {
			t.Errorf("%s: For = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}

// TestParcelWeight: a unit of unknown weight counts the default; the
// weight stays within what a label takes.
func TestParcelWeight(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		lines []shipping.ParcelLine
		want  int32
	}{
		{"units at the default", []shipping.ParcelLine{{Quantity: 2}, {Quantity: 1}}, 1500},
		{"known weights", []shipping.ParcelLine{{Quantity: 3, WeightGrams: 250}, {Quantity: 1, WeightGrams: 1200}}, 1950},
		{"known and unknown", []shipping.ParcelLine{{Quantity: 2, WeightGrams: 250}, {Quantity: 1}}, 1000},
		{"no lines still weighs something", nil, 1},
		{"too heavy for one parcel", []shipping.ParcelLine{{Quantity: 100, WeightGrams: 1000}}, carrier.MaxWeightGrams},
	} {
		if got := carrier.ParcelWeight(tt.lines, 500); got != tt.want {
			t.Errorf("%s: ParcelWeight = %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestDoorRules: what the carrier collects and checks at the door.
func TestDoorRules(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name           string
		order          db.Order
		wantCOD        int64
		idCheck, check bool
		wantNote       string
	}{
		{"cash on delivery collects the whole order", db.Order{PaymentMethod: "cash", PaymentStatus: "on_delivery", TotalCents: 2345}, 2345, false, false, ""},
		{"cash already collected collects nothing", db.Order{PaymentMethod: "cash", PaymentStatus: "paid", TotalCents: 2345}, 0, false, false, ""},
		{"a card order collects nothing", db.Order{PaymentMethod: "card", PaymentStatus: "paid", TotalCents: 2345}, 0, false, false, ""},
		{"alcohol, the carrier does not check: the note", db.Order{PaymentMethod: "card"}, 0, true, false, "Entrega solo a mayores de 18: comprobar DNI"},
		{"alcohol, the carrier checks: no note", db.Order{PaymentMethod: "card"}, 0, true, true, ""},
	} {
		if got := carrier.CODCents(tt.order); got != tt.wantCOD {
			t.Errorf("%s: CODCents = %d, want %d", tt.name, got, tt.wantCOD)
		}
		if got := carrier.AgeNote(tt.idCheck, tt.check); got != tt.wantNote {
			t.Errorf("%s: AgeNote = %q, want %q", tt.name, got, tt.wantNote)
		}
	}
}
