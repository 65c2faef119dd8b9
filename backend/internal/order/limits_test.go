package order_test

import (
	"errors"
	"testing"

	"github.com/sabores/sabores/backend/internal/order"
)

func TestLimits(t *testing.T) {
	t.Parallel()
	l := order.Limits{MaxUnitsPerLine: 10, MaxUnpaidOrders: 3, TransferSharePercent: 25}
	tests := []struct {
		name      string
		err       error
		reason    string
		exhausted bool
		meta      map[string]string
	}{
		{"line at the cap", l.CheckLine(7, 10), "", false, nil},
		{"line over the cap", l.CheckLine(7, 11), order.ReasonLineQuantityLimit, false, map[string]string{"product_id": "7", "max": "10"}},
		{"second unpaid order", l.CheckUnpaidOrders(2), "", false, nil},
		{"fourth unpaid order", l.CheckUnpaidOrders(3), order.ReasonTooManyUnpaidOrders, true, map[string]string{"max": "3"}},
		{"a quarter of 40", l.CheckTransferShare(7, 0, 10, 30), "", false, nil},
		{"one past a quarter", l.CheckTransferShare(7, 0, 11, 29), order.ReasonTransferShareLimit, false, map[string]string{"product_id": "7", "available": "10"}},
		{"others hold the quarter", l.CheckTransferShare(7, 10, 1, 29), order.ReasonTransferShareLimit, false, map[string]string{"product_id": "7", "available": "0"}},
		{"others hold some", l.CheckTransferShare(7, 6, 4, 30), "", false, nil},
		{"one unit of a 3-unit product", l.CheckTransferShare(7, 0, 1, 2), "", false, nil},
		{"a second unit of a 3-unit product", l.CheckTransferShare(7, 1, 1, 1), order.ReasonTransferShareLimit, false, map[string]string{"product_id": "7", "available": "0"}},
	}
	for _, tt := range tests {
		var r *order.LimitRefusal
		if !errors.As(tt.err, &r) {
			if tt.err != nil || tt.reason != "" {
				t.Errorf("%s: %v, want reason %q", tt.name, tt.err, tt.reason)
			}
			continue
		}
		if r.Reason != tt.reason || r.Exhausted != tt.exhausted || len(r.Metadata) != len(tt.meta) {
			t.Errorf("%s: %+v, want %s exhausted=%v %v", tt.name, r, tt.reason, tt.exhausted, tt.meta)
			continue
		}
		for k, v := range tt.meta {
			if r.Metadata[k] != v {
				t.Errorf("%s: %s = %q, want %q", tt.name, k, r.Metadata[k], v)
			}
		}
	}
}
