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

// OrdersWithLines reads the lines of stored orders in one query for all of
// them, for the back office's order list and order page.
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
