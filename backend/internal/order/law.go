package order

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/deliveryarea"
	"github.com/sabores/sabores/backend/internal/shop"
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

// checkLaw refuses an order of goods worth subtotalCents the shop may not
// sell as asked: a line not delivered to the postal code (DELIVERY_AREA),
// frozen goods below the frozen minimum (FROZEN_MINIMUM), or an
// age-restricted line without the shopper's declaration
// (AGE_DECLARATION_REQUIRED).
func (s *Service) checkLaw(ctx context.Context, q *db.Queries, in placeOrder, subtotalCents int64, now time.Time) (orderLaw, error) {
	law, err := shop.ReadCartLaw(ctx, q, in.lines)
	if err != nil {
		return orderLaw{}, err
	}
	idCheck, err := law.CheckOrder(in.lines, subtotalCents, s.areas, in.delivery.GetPostalCode(), in.ageDeclared)
	if err != nil {
		return orderLaw{}, err
	}
	return orderLaw{idCheck: idCheck, dispatch: law.DispatchDay(in.lines, s.areas, now)}, nil
}

// recordLaw keeps with a new order what checkLaw found.
func recordLaw(ctx context.Context, q *db.Queries, row db.Order, law orderLaw) (db.Order, error) {
	if !law.dispatch.IsZero() {
		day := pgtype.Date{Time: time.Date(law.dispatch.Year(), law.dispatch.Month(), law.dispatch.Day(), 0, 0, 0, 0, time.UTC), Valid: true}
		if err := q.RecordDispatchDay(ctx, db.RecordDispatchDayParams{DispatchOn: day, ID: row.ID}); err != nil {
			return row, fmt.Errorf("order: record dispatch day: %w", err)
		}
		row.DispatchOn = day
	}
	return recordAgeDeclaration(ctx, q, row, law.idCheck)
}

// recordAgeDeclaration keeps, with an order holding age-restricted goods,
// the time of the shopper's declaration and the ID check its shipment needs.
func recordAgeDeclaration(ctx context.Context, q *db.Queries, row db.Order, idCheck bool) (db.Order, error) {
	if !idCheck {
		return row, nil
	}
	if err := q.RecordAgeDeclaration(ctx, row.ID); err != nil {
		return row, fmt.Errorf("order: record age declaration: %w", err)
	}
	stored, err := q.GetOrder(ctx, row.ID)
	if err != nil {
		return row, fmt.Errorf("order: read order %d: %w", row.ID, err)
	}
	return stored, nil
}
