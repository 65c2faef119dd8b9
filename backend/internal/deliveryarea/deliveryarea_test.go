package deliveryarea_test

import (
	"errors"
	"testing"

	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

func TestDeliveryAreas(t *testing.T) {
	t.Parallel()
	tests := []struct {
		postal    string
		area      deliveryarea.Area
		ambient   bool // an ambient product is delivered
		coldChain bool // a frozen or chilled one is
	}{
		{"28013", deliveryarea.Peninsula, true, true},
		{"08001", deliveryarea.Peninsula, true, true},
		{"50001", deliveryarea.Peninsula, true, true},
		{"07001", deliveryarea.Baleares, true, false},
		{"07800", deliveryarea.Baleares, true, false},
		{"35001", deliveryarea.Canarias, false, false},
		{"38001", deliveryarea.Canarias, false, false},
		{"51001", deliveryarea.Ceuta, false, false},
		{"52001", deliveryarea.Melilla, false, false},
		{"06001", deliveryarea.Peninsula, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.postal, func(t *testing.T) {
			t.Parallel()
			if got := deliveryarea.AreaOf(tt.postal); got != tt.area {
				t.Fatalf("AreaOf(%s) = %s, want %s", tt.postal, got, tt.area)
			}
			d := deliveryarea.Default
			if err := d.Check(tt.postal, 1, false); (err == nil) != tt.ambient {
				t.Errorf("ambient to %s: %v", tt.postal, err)
			}
			err := d.Check(tt.postal, 1, true)
			if (err == nil) != tt.coldChain {
				t.Errorf("cold chain to %s: %v", tt.postal, err)
			}
			var refusal *deliveryarea.Refusal
			if err != nil && (!errors.As(err, &refusal) || refusal.Fault().Reason != deliveryarea.Reason || refusal.Area != tt.area) {
				t.Errorf("refusal = %v", err)
			}
		})
	}
	custom := deliveryarea.Policy{Served: []deliveryarea.Area{deliveryarea.Peninsula, deliveryarea.Baleares, deliveryarea.Canarias}, ColdChain: []deliveryarea.Area{deliveryarea.Peninsula, deliveryarea.Baleares}}
	if err := custom.Check("35001", 1, false); err != nil {
		t.Errorf("configured Canarias refused: %v", err)
	}
	if err := custom.Check("07001", 1, true); err != nil {
		t.Errorf("configured cold chain to Baleares refused: %v", err)
	}
	if _, err := deliveryarea.ParseAreas("peninsula, atlantis"); err == nil {
		t.Error("unknown area accepted")
	}
}
