package order

import (
	"cmp"
	"errors"
	"slices"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	"github.com/sabores/sabores/backend/internal/apperr"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// sameCart says whether the order placed under a key is the cart of a
// request sending that key again: the same products and quantities, in any
// order. Only then is the request a retry.
func sameCart(placed *saboresv1.Order, lines []pricing.LineInput) bool {
	if len(placed.GetLines()) != len(lines) {
		return false
	}
	had := make([]pricing.LineInput, len(lines))
	for i, l := range placed.GetLines() {
		had[i] = pricing.LineInput{ProductID: l.GetProductId(), Quantity: l.GetQuantity()}
	}
	byProduct := func(a, b pricing.LineInput) int { return cmp.Compare(a.ProductID, b.ProductID) }
	want := slices.Clone(lines)
	slices.SortFunc(had, byProduct)
	slices.SortFunc(want, byProduct)
	return slices.Equal(had, want)
}

// keyReused is the answer to an idempotency key sent again with another
// cart: FailedPrecondition with reason IDEMPOTENCY_KEY_REUSED, so the client
// starts a new checkout with a new key instead of showing the first order
// as if this cart had been bought.
func keyReused() error {
	err := connect.NewError(connect.CodeFailedPrecondition,
		errors.New("this idempotency key already placed an order for another cart: use a new key for a new checkout"))
	if detail, derr := connect.NewErrorDetail(&errdetails.ErrorInfo{
		Reason: "IDEMPOTENCY_KEY_REUSED", Domain: apperr.Domain,
	}); derr == nil {
		err.AddDetail(detail)
	}
	return err
}
