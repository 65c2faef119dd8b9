// Package adminpromotionapi serves AdminPromotionService over Connect: the
// promotions desk, through the promotion module's use cases, each
// promotion shown with its price and label as the storefront computes them.
package adminpromotionapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminPromotionService.
type Handler struct {
	promotions *promotion.Service
	// q reads the desk's list.
	q *db.Queries
}

var _ saboresv1connect.AdminPromotionServiceHandler = (*Handler)(nil)

// New returns the handler of the promotion module's use cases, listing
// the promotions from pool.
func New(promotions *promotion.Service, pool *pgxpool.Pool) *Handler {
	return &Handler{promotions: promotions, q: db.New(pool)}
}
