package apimap

import (
	"context"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/lots"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ProductsPastBestBefore fills each product's past_best_before
// (lots.PastBestBefore), so a list labels it as the product page does.
func ProductsPastBestBefore(ctx context.Context, q *db.Queries, products []*saboresv1.Product, now time.Time) error {
	return pastBestBefore(ctx, q, products, now, (*saboresv1.Product).GetId,
		func(p *saboresv1.Product, d string) { p.PastBestBefore = d })
}

// CartPastBestBefore fills each cart line's past_best_before
// (lots.PastBestBefore): the shopper sees it before paying.
func CartPastBestBefore(ctx context.Context, q *db.Queries, res *saboresv1.ValidateCartResponse, now time.Time) error {
	return pastBestBefore(ctx, q, res.GetLines(), now, (*saboresv1.CartLine).GetProductId,
		func(l *saboresv1.CartLine, d string) { l.PastBestBefore = d })
}

// pastBestBefore sets, on each item whose product sells a lot past its
// best-before date, that date, read in one query for all of them.
func pastBestBefore[T any](ctx context.Context, q *db.Queries, items []T, now time.Time, product func(T) int64, set func(T, string)) error {
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = product(it)
	}
	dates, err := lots.PastBestBefore(ctx, q, ids, now)
	if err != nil {
		return err
	}
	for _, it := range items {
		if d, ok := dates[product(it)]; ok {
			set(it, d.Format(time.DateOnly))
		}
	}
	return nil
}
