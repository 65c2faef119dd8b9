// Package adminpackagingapi serves AdminPackagingService over Connect: each
// product's packaging by material and the yearly kilograms per material
// (RD 1055/2022), use cases of the catalogue module.
package adminpackagingapi

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/catalogue"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminPackagingService.
type Handler struct {
	products *catalogue.Service
}

var _ saboresv1connect.AdminPackagingServiceHandler = (*Handler)(nil)

// New returns the handler of the catalogue module's packaging use cases.
func New(products *catalogue.Service) *Handler {
	return &Handler{products: products}
}

// GetProductPackaging returns a product's packaging (catalogue.Service.Packaging).
func (h *Handler) GetProductPackaging(ctx context.Context, req *connect.Request[saboresv1.GetProductPackagingRequest]) (*connect.Response[saboresv1.GetProductPackagingResponse], error) {
	parts, err := h.products.Packaging(ctx, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetProductPackagingResponse{Parts: packagingToProto(parts)}), nil
}

// SetProductPackaging replaces a product's packaging (catalogue.Service.SetPackaging).
func (h *Handler) SetProductPackaging(ctx context.Context, req *connect.Request[saboresv1.SetProductPackagingRequest]) (*connect.Response[saboresv1.SetProductPackagingResponse], error) {
	in := make([]catalogue.PackagingPart, 0, len(req.Msg.GetParts()))
	for _, p := range req.Msg.GetParts() {
		in = append(in, catalogue.PackagingPart{Material: p.GetMaterial(), Milligrams: p.GetMilligrams()})
	}
	parts, err := h.products.SetPackaging(ctx, auth.Caller(ctx), req.Msg.GetId(), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SetProductPackagingResponse{Parts: packagingToProto(parts)}), nil
}

// ExportPackagingReport returns a year's kilograms per material
// (catalogue.Service.PackagingReport).
func (h *Handler) ExportPackagingReport(ctx context.Context, req *connect.Request[saboresv1.ExportPackagingReportRequest]) (*connect.Response[saboresv1.ExportPackagingReportResponse], error) {
	year := int(req.Msg.GetYear())
	csv, err := h.products.PackagingReport(ctx, year)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportPackagingReportResponse{Csv: csv, Filename: fmt.Sprintf("envases-%d.csv", year)}), nil
}

func packagingToProto(parts []catalogue.PackagingPart) []*saboresv1.PackagingPart {
	out := make([]*saboresv1.PackagingPart, 0, len(parts))
	for _, p := range parts {
		out = append(out, &saboresv1.PackagingPart{Material: p.Material, Milligrams: p.Milligrams})
	}
	return out
}
