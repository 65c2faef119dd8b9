package order

import (
	"context"
	"fmt"

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

// checkLaw refuses an order the shop may not sell as asked: a line not
// delivered to the postal code (DELIVERY_AREA), or an age-restricted line
// without the shopper's declaration (AGE_DECLARATION_REQUIRED). It says
// whether the carrier must check ID on delivery.
func (s *Service) checkLaw(ctx context.Context, q *db.Queries, in placeOrder) (idCheck bool, err error) {
	law, err := shop.ReadCartLaw(ctx, q, in.lines)
	if err != nil {
		return false, err
	}
	return law.CheckOrder(in.lines, s.areas, in.delivery.GetPostalCode(), in.ageDeclared)
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
