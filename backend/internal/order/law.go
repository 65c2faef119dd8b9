package order

import (
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
)

// WithDeliveryAreas returns s placing orders only where areas deliver (the
// configuration's DELIVERY_AREAS and COLD_CHAIN_AREAS).
func (s *Service) WithDeliveryAreas(areas deliveryarea.Policy) *Service {
	s.areas = areas
	return s
}

// orderLaw is what the law adds to a new order: the carrier's ID check and
// the day a cold-chain order leaves the shop (zero: none in it).
type orderLaw struct {
	idCheck  bool
	dispatch time.Time
}

// checkLaw refuses, by the law's flags of its products, an order of goods
// worth subtotalCents the shop may not sell as asked: a line not delivered
// to the postal code (DELIVERY_AREA), frozen goods below the frozen minimum
// (FROZEN_MINIMUM), or an age-restricted line without the shopper's
// declaration (AGE_DECLARATION_REQUIRED).
func (s *Service) checkLaw(law cart.CartLaw, in placeOrder, subtotalCents int64, now time.Time) (orderLaw, error) {
	idCheck, err := law.CheckOrder(in.lines, subtotalCents, s.areas, in.delivery.PostalCode, in.ageDeclared)
	if err != nil {
		return orderLaw{}, err
	}
	return orderLaw{idCheck: idCheck, dispatch: law.DispatchDay(in.lines, s.areas, now)}, nil
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
