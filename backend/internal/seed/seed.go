// Package seed loads the shop's sample catalogue (the spec's products,
// countries, promotions, users and orders) and generates large deterministic
// catalogues for benchmarks.
package seed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Catalogue loads the sample catalogue. It is idempotent: running it again
// leaves the same rows.
func Catalogue(ctx context.Context, pool *pgxpool.Pool) error {
	// TODO: the sample catalogue lands in the next commits; an empty
	// database is already a valid catalogue for tests written against New.
	_ = ctx
	_ = pool
	return nil
}
