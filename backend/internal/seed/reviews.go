package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/db"
)

// review is a published review of a seeded delivered order. The sample
// shop's ratings are these reviews' averages: no product shows stars
// without reviews behind them (Omnibus).
type review struct {
	order            uuid.UUID // the order's idempotency key
	productID        int64
	author, language string
	stars            int16
	body             string
	daysAgo          int
}

var reviewList = []review{
	{orderList[0].key, guaranaID, "María S.", "es", 5,
		"Sabe igual que el de Brasil. Llegó bien frío y bien embalado.", 25},
	{orderList[0].key, paoDeQueijoID, "María S.", "es", 4,
		"Muy ricos recién horneados; la bolsa da para dos desayunos largos.", 25},
	{orderList[3].key, incaKolaID, "João S.", "pt", 5,
		"Sabor de infância. Chegou tudo certo e rápido.", 40},
}

func reviews(ctx context.Context, q *db.Queries, now time.Time) error {
	for _, r := range reviewList {
		at := now.AddDate(0, 0, -r.daysAgo)
		err := q.SeedReview(ctx, db.SeedReviewParams{
			IdempotencyKey: r.order, ProductID: r.productID, Author: r.author, Stars: r.stars,
			Body: r.body, Language: r.language, CreatedAt: &at,
		})
		if err != nil {
			return fmt.Errorf("review of product %d: %w", r.productID, err)
		}
		if err := q.ReviewRefreshProductRating(ctx, r.productID); err != nil {
			return fmt.Errorf("rating of product %d: %w", r.productID, err)
		}
	}
	return nil
}
