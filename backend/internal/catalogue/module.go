// Package catalogue is the business module of the shop's products. It
// holds product creation: one path, CreateProducts, which the back
// office's form (Service.Create, one product in its own transaction) and
// the CSV import (a batch at a time in the import's one transaction) both
// take, so a product is stored, booked in the stock ledger and priced in
// the price history alike whatever brings it. It holds the rules a
// product's fields pass whatever brings them (CheckDetails, FoodParams),
// one copy of each, so a file cannot store what the form refuses. It knows
// neither Connect nor the generated contract: the handlers map the form to
// DetailsForm and Content, and a broken rule is a FieldError naming the
// contract's field, which each caller words for its own audience.
package catalogue

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// Service runs the catalogue's use cases on a pool.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the module on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool}
}

// withProduct runs fn in a transaction of its own holding product id's row
// lock, the lock every change of a product takes first, with the product
// as it is then; an unknown id is PRODUCT_NOT_FOUND.
func (s *Service) withProduct(ctx context.Context, id int64, fn func(q *db.Queries, p db.Product) error) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		row, err := q.AdminGetProductForUpdate(ctx, id)
		if err != nil {
			return ProductNotFound(err, id)
		}
		return fn(q, row.Product)
	})
}
