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
	return connect.NewResponse(&saboresv1.LookupProductResponse{
		Product:     productToProto(scan.Product),
		WeightGrams: scan.WeightGrams,
		PriceCents:  scan.PriceCents,
	}), nil
}

// SearchTillProducts finds products the shop sells by a part of their name.
func (h *Handler) SearchTillProducts(ctx context.Context, req *connect.Request[saboresv1.SearchTillProductsRequest]) (*connect.Response[saboresv1.SearchTillProductsResponse], error) {
	found, err := h.till.Search(ctx, req.Msg.Query)
	if err != nil {
		return nil, err
	}
	out := &saboresv1.SearchTillProductsResponse{Products: make([]*saboresv1.TillProduct, 0, len(found))}
	for _, p := range found {
		out.Products = append(out.Products, productToProto(p))
	}
	return connect.NewResponse(out), nil
}

// productToProto maps a product as the till sells it.
func productToProto(p till.Product) *saboresv1.TillProduct {
	return &saboresv1.TillProduct{
		ProductId: p.ID, Name: p.Name, Ean: p.EAN, UnitPriceCents: p.UnitPriceCents,
		VatBasisPoints: p.VATBasisPoints, Stock: p.Stock, Reserved: p.Reserved, ByWeight: p.ByWeight,
	}
}
