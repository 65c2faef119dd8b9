package order

import (
	"cmp"
	"slices"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// ReasonKeyReused refuses an idempotency key sent again with another cart.
const ReasonKeyReused = "IDEMPOTENCY_KEY_REUSED"

// sameCart says whether the order placed under a key, with its lines
// placed, is the cart of a request sending that key again: the same
// products and quantities, in any order. Only then is the request a retry.
func sameCart(placed []db.OrderLine, lines []pricing.LineInput) bool {
	if len(placed) != len(lines) {
		return false
	}
	had := make([]pricing.LineInput, len(lines))
	for i, l := range placed {
		had[i] = pricing.LineInput{ProductID: l.ProductID, Quantity: l.Quantity}
	}
	byProduct := func(a, b pricing.LineInput) int { return cmp.Compare(a.ProductID, b.ProductID) }
	want := slices.Clone(lines)
	slices.SortFunc(had, byProduct)
	slices.SortFunc(want, byProduct)
	return slices.Equal(had, want)
}

// keyReused is the answer to an idempotency key sent again with another
// cart: refused with reason IDEMPOTENCY_KEY_REUSED, so the client starts a
// new checkout with a new key instead of showing the first order as if
// this cart had been bought.
func keyReused() error {
	return &fault.Error{
		Kind: fault.Refused, Reason: ReasonKeyReused,
		Message: "this idempotency key already placed an order for another cart: use a new key for a new checkout",
	}
}
