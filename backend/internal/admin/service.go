// Package admin serves the country tiles of AdminVisibilityService until
// they join its handler package (issue 31).
package admin

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
)

// Service serves the country tiles.
type Service struct {
	q *db.Queries
	// products saves country tiles (the catalogue module).
	products *catalogue.Service
}

// New returns the service.
func New(pool *pgxpool.Pool) *Service {
	return &Service{q: db.New(pool), products: catalogue.New(pool)}
}
