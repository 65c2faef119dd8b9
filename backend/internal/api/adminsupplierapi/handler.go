// Package adminsupplierapi serves AdminSupplierService over Connect: the
// suppliers, through the lots module's use cases.
package adminsupplierapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/lots"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminSupplierService.
type Handler struct {
	lots *lots.Service
}

var _ saboresv1connect.AdminSupplierServiceHandler = (*Handler)(nil)

// New returns the handler of the lots module's suppliers.
func New(l *lots.Service) *Handler {
	return &Handler{lots: l}
}

// ListSuppliers lists the suppliers (lots.Service.Suppliers).
func (h *Handler) ListSuppliers(ctx context.Context, _ *connect.Request[saboresv1.ListSuppliersRequest]) (*connect.Response[saboresv1.ListSuppliersResponse], error) {
	rows, err := h.lots.Suppliers(ctx)
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListSuppliersResponse{}
	for _, s := range rows {
		out.Suppliers = append(out.Suppliers, supplierToProto(s))
	}
	return connect.NewResponse(out), nil
}

// SaveSupplier creates or changes a supplier (lots.Service.SaveSupplier).
func (h *Handler) SaveSupplier(ctx context.Context, req *connect.Request[saboresv1.SaveSupplierRequest]) (*connect.Response[saboresv1.SaveSupplierResponse], error) {
	m := req.Msg
	s, err := h.lots.SaveSupplier(ctx, auth.Caller(ctx), m.GetId(), lots.SupplierForm{
		Name: m.GetName(), TaxID: m.GetTaxId(), ContactName: m.GetContactName(), Email: m.GetEmail(), Phone: m.GetPhone(),
		ProductIDs: m.GetProductIds(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SaveSupplierResponse{Supplier: supplierToProto(s)}), nil
}

func supplierToProto(s lots.Supplier) *saboresv1.Supplier {
	return &saboresv1.Supplier{
		Id: s.ID, Name: s.Name, TaxId: s.TaxID, ContactName: s.ContactName, Email: s.Email, Phone: s.Phone,
		ProductIds: s.ProductIDs,
	}
}
