// Package catalogue is the business module of the shop's products. It
// holds product creation: one path, CreateProducts, which the back
// office's form (Service.Create, one product in its own transaction) and
// the CSV import (a batch at a time in the import's one transaction) both
// take, so a product is stored, booked in the stock ledger and priced in
// the price history alike whatever brings it. It knows neither Connect nor
// the generated contract: callers decode and check the form's fields
// (productform) and hand it plain values.
package catalogue

import (
	"github.com/jackc/pgx/v5/pgxpool"
)

// Service runs the catalogue's use cases on a pool.
type Service struct {
	pool *pgxpool.Pool
}

// New returns the module on pool.
func New(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool}
}
