package adminproductapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// detailsForm is the form's details for the catalogue module.
func detailsForm(in *saboresv1.ProductDetails) catalogue.DetailsForm {
	return catalogue.DetailsForm{
		Name: in.GetName(), Code: in.GetCode(), SKU: in.GetSku(), EAN: in.GetEan(), Brand: in.GetBrand(),
		Description: in.GetDescription(), Category: in.GetCategory(), Country: in.GetCountry(),
		Price: in.GetPrice(), VatRate: in.GetVatRate(), OnlineCategories: in.GetOnlineCategories(),
		ShippingWeight: in.GetShippingWeightGrams(),
	}
}

// CreateProduct adds a product through the catalogue module, which
// checks its fields and codes, stores it with its opening stock and first
// price and audits it (catalogue.Service.Create).
func (h *Handler) CreateProduct(ctx context.Context, req *connect.Request[saboresv1.CreateProductRequest]) (*connect.Response[saboresv1.CreateProductResponse], error) {
	p, err := h.products.Create(ctx, auth.Caller(ctx), detailsForm(req.Msg.GetDetails()), req.Msg.GetInitialStock())
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, h.q, p)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateProductResponse{Product: out}), nil
}

// UpdateProductDetails replaces every detail of a product
// (catalogue.Service.UpdateDetails).
func (h *Handler) UpdateProductDetails(ctx context.Context, req *connect.Request[saboresv1.UpdateProductDetailsRequest]) (*connect.Response[saboresv1.UpdateProductDetailsResponse], error) {
	p, err := h.products.UpdateDetails(ctx, auth.Caller(ctx), req.Msg.GetId(), detailsForm(req.Msg.GetDetails()))
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, h.q, p)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateProductDetailsResponse{Product: out}), nil
}

// ArchiveProduct takes a product off the storefront, or brings it back
// (catalogue.Service.SetArchived).
func (h *Handler) ArchiveProduct(ctx context.Context, req *connect.Request[saboresv1.ArchiveProductRequest]) (*connect.Response[saboresv1.ArchiveProductResponse], error) {
	p, err := h.products.SetArchived(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetArchived())
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, h.q, p)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ArchiveProductResponse{Product: out}), nil
}

// PublishProduct puts a draft on sale or takes a product back to draft
// (catalogue.Service.SetPublished).
func (h *Handler) PublishProduct(ctx context.Context, req *connect.Request[saboresv1.PublishProductRequest]) (*connect.Response[saboresv1.PublishProductResponse], error) {
	p, err := h.products.SetPublished(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetPublished())
	if err != nil {
		return nil, err
	}
	out, err := apimap.AdminProduct(ctx, h.q, p)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.PublishProductResponse{Product: out}), nil
}
