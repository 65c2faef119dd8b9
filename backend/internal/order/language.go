package order

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// localize names the lines of orders in lang, with the names they were
// sold under (order_lines.product_name_pt, migration 00081); lines sold
// without a Portuguese name keep the Spanish one.
func localize(ctx context.Context, q *db.Queries, orders []*saboresv1.Order, lang saboresv1.Language) error {
	if lang != saboresv1.Language_LANGUAGE_PT || len(orders) == 0 {
		return nil
	}
	ids := make([]int64, len(orders))
	for i, o := range orders {
		ids[i] = o.GetId()
	}
	rows, err := q.GetOrderLineNamesPt(ctx, ids)
	if err != nil {
		return fmt.Errorf("order: read Portuguese names: %w", err)
	}
	// An order holds each product once (cart.Lines refuses repeats).
	type lineKey struct{ order, product int64 }
	names := make(map[lineKey]string, len(rows))
	for _, r := range rows {
		names[lineKey{r.OrderID, r.ProductID}] = r.ProductNamePt
	}
	for _, o := range orders {
		for _, l := range o.GetLines() {
			if name, ok := names[lineKey{o.GetId(), l.GetProductId()}]; ok {
				l.Name = name
			}
		}
	}
	return nil
}
