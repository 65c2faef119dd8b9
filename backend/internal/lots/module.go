// Package lots is the business module of lots and best-before dates
// (issue 40, docs/lots.md): the suppliers, the deliveries received from
// them (goods-in), the lots each product's stock is split into, and the
// rules that move them: first-expired-first-out, counts that name no lot,
// goods coming back, and the blocking of use-by lots near their date.
//
// products.stock stays the figure every writer of stock moves; the
// products_lots trigger (migration 00530) applies each change to the lots
// by the rules here (rules.go), and a constraint trigger refuses, at
// commit, any transaction after which a product's lots do not sum to its
// stock. A use case that names a lot (a delivery, a block) says so with
// LotTarget before it moves the stock, so the stock ledger still records
// every unit. No Connect, no generated code.
package lots

import (
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Service runs the lots' use cases on a pool, on the clock now (fixed in
// tests: the blocking reads the day).
type Service struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

// New returns the module on pool; now nil is time.Now.
func New(pool *pgxpool.Pool, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{pool: pool, now: now}
}
