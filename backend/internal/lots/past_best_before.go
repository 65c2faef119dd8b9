package lots

import (
	"context"
	"fmt"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// PastBestBefore is, for each of productIDs with units on sale of a
// best-before lot the owner sells past its date, the earliest such date
// (a civil date at midnight UTC): a unit sold may be of that lot, so the
// storefront labels the product wherever it is offered (Reg. 1169/2011
// Annex X). Products without one are absent.
func PastBestBefore(ctx context.Context, q *db.Queries, productIDs []int64, now time.Time) (map[int64]time.Time, error) {
	if len(productIDs) == 0 {
		return nil, nil
	}
	rows, err := q.LotsPastBestBefore(ctx, db.LotsPastBestBeforeParams{ProductIds: productIDs, Today: date(Today(now))})
	if err != nil {
		return nil, fmt.Errorf("lots: past best-before dates: %w", err)
	}
	out := make(map[int64]time.Time, len(rows))
	for _, r := range rows {
		out[r.ProductID] = r.ExpiresOn.Time
	}
	return out, nil
}
