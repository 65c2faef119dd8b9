package order

import (
	"crypto/rand"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shipping"
)

// WithDeliveryAreas returns s with the configuration's frozen-goods
// minimum and dispatch calendar (cut-off hour, closed days).
func (s *Service) WithDeliveryAreas(areas deliveryarea.Policy) *Service {
	s.areas = areas
	return s
}

// rates are the shipping rates checkout charges: read from the database
// as they are, like the promotions, not from shopd's in-memory snapshot.
func (s *Service) rates() shipping.Source {
	return shipping.Stored{Queries: s.queries, Dispatch: s.areas.Dispatch}
}

// orderLaw is what the law adds to a new order: the carrier's ID check and
// the day a cold-chain order leaves the shop (zero: none in it).
type orderLaw struct {
	idCheck  bool
	dispatch time.Time
}

// checkLaw refuses, by the law's flags of its products, an order of goods
// worth subtotalCents shipped by ship that the shop may not sell as asked:
// frozen goods below the frozen minimum (FROZEN_MINIMUM; a pickup needs no
// insulated box) or an age-restricted line without the shopper's
// declaration (AGE_DECLARATION_REQUIRED). Where it may go is the shipping
// method's (cart.Quote).
func (s *Service) checkLaw(law cart.CartLaw, in placeOrder, subtotalCents int64, ship shipping.Option) (orderLaw, error) {
	idCheck, err := law.CheckOrder(in.lines, subtotalCents, s.areas, ship.Method.Kind == shipping.Pickup, in.ageDeclared)
	if err != nil {
		return orderLaw{}, err
	}
	return orderLaw{idCheck: idCheck, dispatch: ship.DispatchDay}, nil
}

// dispatchOn is the dispatch day as orders.dispatch_on stores it; null for
// an order with nothing in the cold chain.
func (law orderLaw) dispatchOn() pgtype.Date {
	if law.dispatch.IsZero() {
		return pgtype.Date{}
	}
	d := law.dispatch
	return pgtype.Date{Time: time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC), Valid: true}
}

// pickupAlphabet are the characters of a pickup code: capitals and digits
// without those read alike (0/O, 1/I/L, 2/Z, 5/S, 8/B), so a code read
// aloud at the counter or off a phone's screen is not mistaken.
const pickupAlphabet = "ACDEFGHJKMNPQRTUVWXY34679"

// newPickupCode is a random six-character pickup code: 25⁶, some 244
// million, so guessing another shopper's is hopeless, and the desk checks
// it with the order's number and name anyway.
func newPickupCode() (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("order: pickup code: %w", err)
	}
	code := make([]byte, len(b))
	for i, v := range b {
		// 256 is not a multiple of 25: the first six characters come up a
		// 1/256 more often, harmless for a code that is not a secret key.
		code[i] = pickupAlphabet[int(v)%len(pickupAlphabet)]
	}
	return string(code), nil
}
