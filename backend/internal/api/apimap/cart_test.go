package apimap

import (
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// TestReasonNamesTheProblem: a cart problem's ErrorInfo reason (cart.Reason)
// is its CartProblem enum value's name without the prefix, so the two never
// disagree now that shop no longer reads the enum.
func TestReasonNamesTheProblem(t *testing.T) {
	t.Parallel()
	for _, p := range []pricing.Problem{pricing.UnknownProduct, pricing.InvalidQuantity, pricing.OutOfStock, pricing.InsufficientStock, pricing.Problem(0)} {
		if got, want := cart.Reason(p), strings.TrimPrefix(problemToProto(p).String(), "CART_PROBLEM_"); got != want {
			t.Errorf("cart.Reason(%d) = %q, the enum says %q", p, got, want)
		}
	}
}
