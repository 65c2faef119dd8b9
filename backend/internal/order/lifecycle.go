package order

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/pricing"
)

// checkUnpaid refuses an order when the shopper already has as many orders
// holding stock unpaid (card, Bizum and transfer orders awaiting their
// payment, cash orders not yet delivered) as the limits allow, or when it
// would take them past the units a shopper may order in a day.
func (s *Service) checkUnpaid(ctx context.Context, q *db.Queries, userID int64, in placeOrder) error {
	var units int64
	for _, l := range in.lines {
		units += int64(l.Quantity)
	}
	held, err := q.CountUnpaidOrdersForUser(ctx, db.CountUnpaidOrdersForUserParams{UserID: userID, Since: time.Now().Add(-24 * time.Hour)})
	if err != nil {
		return fmt.Errorf("order: count unpaid orders: %w", err)
	}
	if err := s.limits.CheckDailyUnits(held.UnitsSince, units); err != nil {
		return err
	}
	return s.limits.CheckUnpaidOrders(held.Unpaid)
}

// checkTransferShare refuses transfer order orderID when it would let unpaid
// transfers hold too much of a product. It runs after takeStock, with every
// product of the order locked, so concurrent transfer orders of the same
// product (from any account) see each other.
func (s *Service) checkTransferShare(ctx context.Context, q *db.Queries, orderID int64, in placeOrder, lines []pricing.Line) error {
	if in.method != "transfer" && in.method != "cash" {
		return nil
	}
	ids := make([]int64, len(lines))
	for i, l := range lines {
		ids[i] = l.ProductID
	}
	held, err := q.UnpaidTransferUnits(ctx, db.UnpaidTransferUnitsParams{ProductIds: ids, OrderID: orderID})
	if err != nil {
		return fmt.Errorf("order: units held by transfers: %w", err)
	}
	heldBy := make(map[int64]int32, len(held))
	for _, h := range held {
		heldBy[h.ProductID] = h.Units
	}
	left, err := q.LockProducts(ctx, ids)
	if err != nil {
		return fmt.Errorf("order: read stock left: %w", err)
	}
	leftBy := make(map[int64]int32, len(left))
	for _, p := range left {
		leftBy[p.ID] = p.Stock
	}
	for _, l := range lines {
		if err := s.limits.CheckTransferShare(l.ProductID, heldBy[l.ProductID], l.Quantity, leftBy[l.ProductID]); err != nil {
			return err
		}
	}
	return nil
}

// language picks the shopper's e-mail language from the checkout request's
// Accept-Language: Portuguese when preferred over Spanish, else Spanish.
func language(accept string) string {
	for part := range strings.SplitSeq(accept, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		switch {
		case strings.HasPrefix(tag, "pt"):
			return "pt"
		case strings.HasPrefix(tag, "es"):
			return "es"
		}
	}
	return "es"
}
