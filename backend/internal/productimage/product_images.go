package productimage

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// ProductImages reads a product's uploaded pictures in order.
func ProductImages(ctx context.Context, q *db.Queries, productID int64) ([]db.ProductImage, error) {
	rows, err := q.ListProductImages(ctx, productID)
	if err != nil {
		return nil, fmt.Errorf("shop: list pictures of product %d: %w", productID, err)
	}
	return rows, nil
}
