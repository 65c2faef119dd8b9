// Package tillapi serves TillService over Connect: the shop's till, each
// call one `till` use case.
package tillapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/till"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements TillService.
type Handler struct {
	till *till.Service
}

var _ saboresv1connect.TillServiceHandler = (*Handler)(nil)

// New returns the handler of the till t.
func New(t *till.Service) *Handler {
	return &Handler{till: t}
}

// LookupProduct finds the product a scanned code names.
func (h *Handler) LookupProduct(ctx context.Context, req *connect.Request[saboresv1.LookupProductRequest]) (*connect.Response[saboresv1.LookupProductResponse], error) {
	scan, err := h.till.Lookup(ctx, req.Msg.Code)
	if err != nil {
		return nil, err
	}
	p := scan.Product
	return connect.NewResponse(&saboresv1.LookupProductResponse{
		Product: &saboresv1.TillProduct{
			ProductId: p.ID, Name: p.Name, Ean: p.EAN, UnitPriceCents: p.UnitPriceCents,
			VatBasisPoints: p.VATBasisPoints, ByWeight: scan.WeightGrams > 0, Stock: p.Stock, Reserved: p.Reserved,
		},
		WeightGrams: scan.WeightGrams,
		PriceCents:  scan.PriceCents,
	}), nil
}
