package order

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// localize names the lines of orders in Portuguese, with the names they
// were sold under (order_lines.product_name_pt, migration 00081); lines
// sold without a Portuguese name keep the Spanish one.
func localize(ctx context.Context, q *db.Queries, orders []Order) error {
	if len(orders) == 0 {
		return nil
	}
	ids := make([]int64, len(orders))
	for i, o := range orders {
		ids[i] = o.Row.ID
	}
	rows, err := q.GetOrderLineNamesPt(ctx, ids)
	if err != nil {
		return fmt.Errorf("order: read Portuguese names: %w", err)
	}
	// An order holds each product once (cart.CheckRepeats refuses repeats).
	type lineKey struct{ order, product int64 }
	names := make(map[lineKey]string, len(rows))
	for _, r := range rows {
		names[lineKey{r.OrderID, r.ProductID}] = r.ProductNamePt
	}
	for _, o := range orders {
		for i, l := range o.Lines {
			if name, ok := names[lineKey{o.Row.ID, l.ProductID}]; ok {
				o.Lines[i].ProductName = name
			}
		}
	}
	return nil
}
