package catalogue

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
)

// RecordPrices enters new prices in the price history, the 30-day
// reference of later promotions (Directive 2019/2161): pricesCents[i] is
// productIDs[i]'s new price. Every writer of a product's price goes
// through here: CreateProducts for new products, the back office's forms
// one product at a time, a CSV import all its changed products in one
// statement.
func RecordPrices(ctx context.Context, q *db.Queries, actor *int64, productIDs, pricesCents []int64) error {
	if len(productIDs) != len(pricesCents) {
		return fmt.Errorf("catalogue: %d products but %d prices", len(productIDs), len(pricesCents))
	}
	if len(productIDs) == 0 {
		return nil
	}
	if err := q.InsertPriceHistory(ctx, db.InsertPriceHistoryParams{
		ProductIds: productIDs, PricesCents: pricesCents, ChangedBy: actor,
	}); err != nil {
		return fmt.Errorf("catalogue: price history of %d products: %w", len(productIDs), err)
	}
	return nil
}
