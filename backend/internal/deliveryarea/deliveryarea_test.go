package deliveryarea_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

func TestDeliveryAreas(t *testing.T) {
	t.Parallel()
	tests := []struct {
		postal  string
		area    deliveryarea.Area
		outside bool // outside the EU VAT area
	}{
		{"28013", deliveryarea.Peninsula, false},
		{"08001", deliveryarea.Peninsula, false},
		{"27880", deliveryarea.Peninsula, false},
		{"07001", deliveryarea.Baleares, false},
		{"07800", deliveryarea.Baleares, false},
		{"35001", deliveryarea.Canarias, true},
		{"38001", deliveryarea.Canarias, true},
		{"51001", deliveryarea.Ceuta, true},
		{"52001", deliveryarea.Melilla, true},
		{"06001", deliveryarea.Peninsula, false},
	}
	for _, tt := range tests {
		t.Run(tt.postal, func(t *testing.T) {
			t.Parallel()
			area := deliveryarea.AreaOf(tt.postal)
			if area != tt.area {
				t.Fatalf("AreaOf(%s) = %s, want %s", tt.postal, area, tt.area)
			}
			if got := deliveryarea.OutsideVATArea(area); got != tt.outside {
				t.Errorf("OutsideVATArea(%s) = %v, want %v", area, got, tt.outside)
			}
		})
	}
	if n := len(deliveryarea.Provinces); n != 52 || deliveryarea.Provinces[0] != "01" || deliveryarea.Provinces[51] != "52" {
		t.Errorf("Provinces = %v", deliveryarea.Provinces)
	}
}
