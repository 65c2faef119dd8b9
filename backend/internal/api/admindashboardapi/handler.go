// Package admindashboardapi serves AdminDashboardService over Connect: the
// back office's first page, read from the rollups and counts the database
// keeps, never by scanning the orders.
package admindashboardapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminDashboardService.
type Handler struct {
	q *db.Queries
}

var _ saboresv1connect.AdminDashboardServiceHandler = (*Handler)(nil)

// New returns the handler reading the dashboard from pool.
func New(pool *pgxpool.Pool) *Handler {
	return &Handler{q: db.New(pool)}
}
