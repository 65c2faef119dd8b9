// Package adminproductapi serves AdminProductService over Connect: the
// back office's product desk (the list, the quick price edit, every
// detail, the content in both languages, archiving and the pictures),
// each change a use case of the catalogue module, each answer the back
// office's product view (apimap.AdminProduct).
package adminproductapi

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/paging"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// pageSizes: the product list loads 100 at a time ('Carregar Mais'), as
// the contract documents.
var pageSizes = paging.Sizes{Default: 100, Max: 100}

// Handler implements AdminProductService.
type Handler struct {
	products *catalogue.Service
	// q reads the products and what their view adds to them.
	q *db.Queries
}

var _ saboresv1connect.AdminProductServiceHandler = (*Handler)(nil)

// New returns the handler of the catalogue module's product use cases,
// reading the products from pool.
func New(products *catalogue.Service, pool *pgxpool.Pool) *Handler {
	return &Handler{products: products, q: db.New(pool)}
}
