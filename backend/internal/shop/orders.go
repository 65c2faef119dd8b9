package shop

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// StoredOrder is a stored order with its lines, in line order.
type StoredOrder struct {
	Row   db.Order
	Lines []db.OrderLine
}

// ListOrders reads a page of userID's orders, newest first, with their lines read
// in one query for the whole page.
func ListOrders(ctx context.Context, q *db.Queries, userID int64, limit, offset int32) ([]StoredOrder, error) {
	rows, err := q.ListOrdersForUser(ctx, db.ListOrdersForUserParams{UserID: userID, PageLimit: limit, PageOffset: offset})
	if err != nil {
		return nil, fmt.Errorf("order: list orders: %w", err)
	}
	return OrdersWithLines(ctx, q, rows)
}

// OrdersWithLines reads the lines of stored orders in one query for all of
// them; the back office's order list uses it too.
func OrdersWithLines(ctx context.Context, q *db.Queries, rows []db.Order) ([]StoredOrder, error) {
	out := make([]StoredOrder, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.ID
	}
	lines, err := q.ListOrderLines(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("order: list lines: %w", err)
	}
	byOrder := make(map[int64][]db.OrderLine, len(rows))
	for _, l := range lines {
		byOrder[l.OrderID] = append(byOrder[l.OrderID], l)
	}
	for i, row := range rows {
		out[i] = StoredOrder{Row: row, Lines: byOrder[row.ID]}
	}
	return out, nil
}
