// Package adminshippingapi serves AdminShippingService over Connect: the
// back office's shipping rates (methods, zones, weight bands and the
// default weight), each change a use case of the shipping module, which
// checks it, audits it and answers with the method as saved.
package adminshippingapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/shipping"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminShippingService.
type Handler struct {
	rates *shipping.Service
}

var _ saboresv1connect.AdminShippingServiceHandler = (*Handler)(nil)

// New returns the handler of the shipping module's use cases.
func New(rates *shipping.Service) *Handler {
	return &Handler{rates: rates}
}

// ListShippingMethods returns every method, the default weight and how
// many products lack a weight.
func (h *Handler) ListShippingMethods(ctx context.Context, _ *connect.Request[saboresv1.ListShippingMethodsRequest]) (*connect.Response[saboresv1.ListShippingMethodsResponse], error) {
	o, err := h.rates.List(ctx)
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListShippingMethodsResponse{
		Methods:            make([]*saboresv1.ShippingMethod, len(o.Rates.Methods)),
		DefaultWeightGrams: o.Rates.DefaultWeightGrams, ProductsWithoutWeight: int32(o.ProductsWithoutWeight),
	}
	for i, m := range o.Rates.Methods {
		out.Methods[i] = methodToProto(m)
	}
	return connect.NewResponse(out), nil
}

// CreateShippingMethod adds a method (shipping.Service.CreateMethod).
func (h *Handler) CreateShippingMethod(ctx context.Context, req *connect.Request[saboresv1.CreateShippingMethodRequest]) (*connect.Response[saboresv1.CreateShippingMethodResponse], error) {
	m, err := h.rates.CreateMethod(ctx, auth.Caller(ctx), methodInput(req.Msg.GetMethod()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateShippingMethodResponse{Method: methodToProto(m)}), nil
}

// UpdateShippingMethod changes a method (shipping.Service.UpdateMethod).
func (h *Handler) UpdateShippingMethod(ctx context.Context, req *connect.Request[saboresv1.UpdateShippingMethodRequest]) (*connect.Response[saboresv1.UpdateShippingMethodResponse], error) {
	m, err := h.rates.UpdateMethod(ctx, auth.Caller(ctx), req.Msg.GetId(), methodInput(req.Msg.GetMethod()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShippingMethodResponse{Method: methodToProto(m)}), nil
}

// DeleteShippingMethod removes a method (shipping.Service.DeleteMethod).
func (h *Handler) DeleteShippingMethod(ctx context.Context, req *connect.Request[saboresv1.DeleteShippingMethodRequest]) (*connect.Response[saboresv1.DeleteShippingMethodResponse], error) {
	if err := h.rates.DeleteMethod(ctx, auth.Caller(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteShippingMethodResponse{}), nil
}

// CreateShippingZone adds a zone (shipping.Service.CreateZone).
func (h *Handler) CreateShippingZone(ctx context.Context, req *connect.Request[saboresv1.CreateShippingZoneRequest]) (*connect.Response[saboresv1.CreateShippingZoneResponse], error) {
	m, err := h.rates.CreateZone(ctx, auth.Caller(ctx), req.Msg.GetMethodId(), zoneInput(req.Msg.GetZone()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateShippingZoneResponse{Method: methodToProto(m)}), nil
}

// UpdateShippingZone changes a zone (shipping.Service.UpdateZone).
func (h *Handler) UpdateShippingZone(ctx context.Context, req *connect.Request[saboresv1.UpdateShippingZoneRequest]) (*connect.Response[saboresv1.UpdateShippingZoneResponse], error) {
	m, err := h.rates.UpdateZone(ctx, auth.Caller(ctx), req.Msg.GetId(), zoneInput(req.Msg.GetZone()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShippingZoneResponse{Method: methodToProto(m)}), nil
}

// DeleteShippingZone removes a zone (shipping.Service.DeleteZone).
func (h *Handler) DeleteShippingZone(ctx context.Context, req *connect.Request[saboresv1.DeleteShippingZoneRequest]) (*connect.Response[saboresv1.DeleteShippingZoneResponse], error) {
	m, err := h.rates.DeleteZone(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteShippingZoneResponse{Method: methodToProto(m)}), nil
}

// CreateShippingBand adds a band (shipping.Service.CreateBand).
func (h *Handler) CreateShippingBand(ctx context.Context, req *connect.Request[saboresv1.CreateShippingBandRequest]) (*connect.Response[saboresv1.CreateShippingBandResponse], error) {
	m, err := h.rates.CreateBand(ctx, auth.Caller(ctx), req.Msg.GetZoneId(), bandInput(req.Msg.GetBand()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateShippingBandResponse{Method: methodToProto(m)}), nil
}

// UpdateShippingBand changes a band (shipping.Service.UpdateBand).
func (h *Handler) UpdateShippingBand(ctx context.Context, req *connect.Request[saboresv1.UpdateShippingBandRequest]) (*connect.Response[saboresv1.UpdateShippingBandResponse], error) {
	m, err := h.rates.UpdateBand(ctx, auth.Caller(ctx), req.Msg.GetId(), bandInput(req.Msg.GetBand()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShippingBandResponse{Method: methodToProto(m)}), nil
}

// DeleteShippingBand removes a band (shipping.Service.DeleteBand).
func (h *Handler) DeleteShippingBand(ctx context.Context, req *connect.Request[saboresv1.DeleteShippingBandRequest]) (*connect.Response[saboresv1.DeleteShippingBandResponse], error) {
	m, err := h.rates.DeleteBand(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteShippingBandResponse{Method: methodToProto(m)}), nil
}

// UpdateShippingSettings sets the default weight
// (shipping.Service.UpdateSettings).
func (h *Handler) UpdateShippingSettings(ctx context.Context, req *connect.Request[saboresv1.UpdateShippingSettingsRequest]) (*connect.Response[saboresv1.UpdateShippingSettingsResponse], error) {
	grams, err := h.rates.UpdateSettings(ctx, auth.Caller(ctx), req.Msg.GetDefaultWeightGrams())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateShippingSettingsResponse{DefaultWeightGrams: grams}), nil
}

func methodInput(in *saboresv1.ShippingMethodInput) shipping.MethodInput {
	return shipping.MethodInput{
		Code: in.GetCode(), NameES: in.GetNameEs(), NamePT: in.GetNamePt(), Kind: apimap.ShippingKindOf(in.GetKind()),
		FreeAboveCents: in.GetFreeAboveCents(), DispatchDays: in.GetDispatchWeekdays(), SurchargeCents: in.GetSurchargeCents(),
		LabelOutsidePlatform: in.GetLabelOutsidePlatform(), Active: in.GetActive(), Position: in.GetPosition(),
	}
}

func zoneInput(in *saboresv1.ShippingZoneInput) shipping.ZoneInput {
	return shipping.ZoneInput{Name: in.GetName(), Prefixes: in.GetPostalPrefixes()}
}

func bandInput(in *saboresv1.ShippingBandInput) shipping.BandInput {
	return shipping.BandInput{UpToGrams: in.GetUpToGrams(), PriceCents: in.GetPriceCents()}
}

func methodToProto(m shipping.Method) *saboresv1.ShippingMethod {
	out := &saboresv1.ShippingMethod{
		Id: m.ID, Code: m.Code, NameEs: m.NameES, NamePt: m.NamePT, Kind: apimap.ShippingKind(m.Kind),
		FreeAboveCents: m.FreeAboveCents, DispatchWeekdays: shipping.ISOWeekdays(m.DispatchDays),
		SurchargeCents: m.SurchargeCents, LabelOutsidePlatform: m.LabelOutsidePlatform, Active: m.Active,
		Position: m.Position, Zones: make([]*saboresv1.ShippingZone, len(m.Zones)),
	}
	for i, z := range m.Zones {
		zone := &saboresv1.ShippingZone{Id: z.ID, Name: z.Name, PostalPrefixes: z.Prefixes, Bands: make([]*saboresv1.ShippingBand, len(z.Bands))}
		for j, b := range z.Bands {
			zone.Bands[j] = &saboresv1.ShippingBand{Id: b.ID, UpToGrams: b.UpToGrams, PriceCents: b.PriceCents}
		}
		out.Zones[i] = zone
	}
	return out
}
