package apimap

import (
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/pricing"
	"github.com/sabores/sabores/backend/internal/shop"
)

// TestReasonNamesTheProblem: a cart problem's ErrorInfo reason (shop.Reason)
// is its CartProblem enum value's name without the prefix, so the two never
// disagree now that shop no longer reads the enum.
func TestReasonNamesTheProblem(t *testing.T) {
	t.Parallel()
	for _, p := range []pricing.Problem{pricing.UnknownProduct, pricing.InvalidQuantity, pricing.OutOfStock, pricing.InsufficientStock, pricing.Problem(0)} {
		if got, want := shop.Reason(p), strings.TrimPrefix(problemToProto(p).String(), "CART_PROBLEM_"); got != want {
			t.Errorf("shop.Reason(%d) = %q, the enum says %q", p, got, want)
		}
	}
}
