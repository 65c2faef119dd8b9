package order

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/shop"
)

// recordPlaced starts a new order's timeline and books the stock it is about
// to take as a sale of this order in the ledger.
func recordPlaced(ctx context.Context, q *db.Queries, orderID, userID int64) error {
	if err := q.InsertOrderEvent(ctx, db.InsertOrderEventParams{
		OrderID: orderID, Machine: "fulfilment", ToState: string(shop.Placed),
		Actor: string(shop.ShopperActor), ActorUserID: &userID,
	}); err != nil {
		return fmt.Errorf("order: record placed: %w", err)
	}
	if err := q.SetStockMovement(ctx, db.SetStockMovementParams{
		Kind: "sale", OrderID: strconv.FormatInt(orderID, 10), ActorUserID: strconv.FormatInt(userID, 10),
	}); err != nil {
		return fmt.Errorf("order: book the sale: %w", err)
	}
	return nil
}
