// Package adminstockapi serves AdminStockService over Connect: a product's
// stock changed with a reason, through the catalogue module's ledger.
package adminstockapi

import (
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminStockService.
type Handler struct {
	products *catalogue.Service
}

var _ saboresv1connect.AdminStockServiceHandler = (*Handler)(nil)

// New returns the handler of the catalogue module's stock adjustments.
func New(products *catalogue.Service) *Handler {
	return &Handler{products: products}
}
