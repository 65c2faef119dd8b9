package adminproductapi

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// ListAdminProducts pages every product by name, with an exact total.
func (h *Handler) ListAdminProducts(ctx context.Context, req *connect.Request[saboresv1.ListAdminProductsRequest]) (*connect.Response[saboresv1.ListAdminProductsResponse], error) {
	window, err := paging.Page(req.Msg.Page, req.Msg.PageSize, pageSizes)
	if err != nil {
		return nil, err
	}
	query := paging.EscapeLike(strings.TrimSpace(req.Msg.Query))
	rows, err := h.q.AdminListProducts(ctx, db.AdminListProductsParams{Query: query, PageLimit: window.Size, PageOffset: window.Offset})
	if err != nil {
		return nil, fmt.Errorf("adminproductapi: list products: %w", err)
	}
	total, err := h.q.AdminCountProducts(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("adminproductapi: count products: %w", err)
	}
	out, err := apimap.AdminProductsOf(ctx, h.q, rows, func(r db.AdminListProductsRow) db.Product { return r.Product })
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ListAdminProductsResponse{Products: out, TotalSize: int32(total)}), nil
}

// GetAdminProduct returns one product with its visibility records.
func (h *Handler) GetAdminProduct(ctx context.Context, req *connect.Request[saboresv1.GetAdminProductRequest]) (*connect.Response[saboresv1.GetAdminProductResponse], error) {
	row, err := h.q.AdminGetProduct(ctx, req.Msg.Id)
	if err != nil {
		return nil, catalogue.ProductNotFound(err, req.Msg.Id)
	}
	out, err := apimap.AdminProducts(ctx, h.q, []db.Product{row.Product})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetAdminProductResponse{Product: out[0]}), nil
}

// UpdateProduct saves the edit dialog: price, VAT and online categories.
// Every field is checked before anything is written; price changes enter
// the price history, and each changed field its audit row.
func (h *Handler) UpdateProduct(ctx context.Context, req *connect.Request[saboresv1.UpdateProductRequest]) (*connect.Response[saboresv1.UpdateProductResponse], error) {
	m := req.Msg
	price, err := catalogue.ParsePriceCents(m.Price)
	if err != nil {
		return nil, fault.InvalidField("price", err.Error())
	}
	vat, err := catalogue.ParseVATBasisPoints(m.VatRate)
	if err != nil {
		return nil, fault.InvalidField("vat_rate", err.Error())
	}
	categories := make([]string, 0, len(m.OnlineCategories))
	for _, c := range m.OnlineCategories {
		if !slices.Contains(catalogue.OnlineCategories, c) {
			return nil, fault.InvalidField("online_categories", fmt.Sprintf("%q is not an online category", c))
		}
		if !slices.Contains(categories, c) {
			categories = append(categories, c)
		}
	}

	product, err := h.products.UpdatePricing(ctx, auth.Caller(ctx), m.Id,
		catalogue.Pricing{PriceCents: price, VatBasisPoints: vat, OnlineCategories: categories})
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, h.q, product)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductResponse{Product: out}), nil
}
