package cart_test

import (
	"testing"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// TestReason pins the ErrorInfo reasons clients match on.
func TestReason(t *testing.T) {
	t.Parallel()
	for p, want := range map[pricing.Problem]string{
		pricing.UnknownProduct:    "UNKNOWN_PRODUCT",
		pricing.InvalidQuantity:   "INVALID_QUANTITY",
		pricing.OutOfStock:        "OUT_OF_STOCK",
		pricing.InsufficientStock: "INSUFFICIENT_STOCK",
		pricing.Problem(0):        "UNSPECIFIED",
	} {
		if got := cart.Reason(p); got != want {
			t.Errorf("Reason(%d) = %q, want %q", p, got, want)
		}
	}
}
