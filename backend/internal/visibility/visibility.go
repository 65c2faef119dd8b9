package visibility

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// VisibilityOf reads the visibility records of products in one query,
// grouped by product, for the back office's view of them.
func VisibilityOf(ctx context.Context, q *db.Queries, products []db.Product) (map[int64][]db.VisibilityForProductsRow, error) {
	ids := make([]int64, len(products))
	for i, p := range products {
		ids[i] = p.ID
	}
	rows, err := q.VisibilityForProducts(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("admin: load visibility: %w", err)
	}
	out := make(map[int64][]db.VisibilityForProductsRow)
	for _, r := range rows {
		out[r.ProductID] = append(out[r.ProductID], r)
	}
	return out, nil
}
