// Package adminparcelapi is AdminParcelService's Connect handler: the
// desk's labels bought through the carrier platform, packing slips, the
// parcels by state and their delivery. The rules and the audit trail live
// in the carrier module.
package adminparcelapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/carrier"
	"github.com/sabores/sabores/backend/internal/db"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminParcelService.
type Handler struct {
	parcels *carrier.Service
}

var _ saboresv1connect.AdminParcelServiceHandler = (*Handler)(nil)

// New returns the handler over the carrier module.
func New(parcels *carrier.Service) *Handler {
	return &Handler{parcels: parcels}
}

// GetOrderParcel reads an order's parcel and what buying one would do.
func (h *Handler) GetOrderParcel(ctx context.Context, req *connect.Request[saboresv1.GetOrderParcelRequest]) (*connect.Response[saboresv1.GetOrderParcelResponse], error) {
	d, err := h.parcels.OrderDesk(ctx, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetOrderParcelResponse{
		LabelsEnabled: d.Labels, OutsidePlatform: d.Outside, WeightGrams: d.WeightGrams,
		AgeNote: d.AgeNote, CodCents: d.CODCents, DispatchWarning: d.OffDay,
	}
	if d.Parcel != nil {
		res.Parcel = parcelToProto(*d.Parcel)
	}
	if d.OffDay {
		res.NextDispatchDate = d.NextDispatch.Format(time.DateOnly)
	}
	return connect.NewResponse(res), nil
}

// BuyLabel buys an order's label (carrier.Service.BuyLabel).
func (h *Handler) BuyLabel(ctx context.Context, req *connect.Request[saboresv1.BuyLabelRequest]) (*connect.Response[saboresv1.BuyLabelResponse], error) {
	p, err := h.parcels.BuyLabel(ctx, carrier.BuyInput{
		OrderID: req.Msg.GetOrderId(), WeightGrams: req.Msg.GetWeightGrams(),
		ConfirmOffDay: req.Msg.GetConfirmOffDay(), By: auth.Caller(ctx),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.BuyLabelResponse{Parcel: parcelToProto(p)}), nil
}

// GetLabelPdf returns a parcel's label.
func (h *Handler) GetLabelPdf(ctx context.Context, req *connect.Request[saboresv1.GetLabelPdfRequest]) (*connect.Response[saboresv1.GetLabelPdfResponse], error) {
	pdf, name, err := h.parcels.Label(ctx, req.Msg.GetParcelId(), auth.Caller(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetLabelPdfResponse{Pdf: pdf, FileName: name}), nil
}

// GetPackingSlipPdf returns one order's packing slip.
func (h *Handler) GetPackingSlipPdf(ctx context.Context, req *connect.Request[saboresv1.GetPackingSlipPdfRequest]) (*connect.Response[saboresv1.GetPackingSlipPdfResponse], error) {
	pdf, name, err := h.parcels.PackingSlip(ctx, req.Msg.GetOrderId(), slipLanguage(req.Msg.GetLanguage()), auth.Caller(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetPackingSlipPdfResponse{Pdf: pdf, FileName: name}), nil
}

// GetPackingSlipsPdf returns a day's packing slips.
func (h *Handler) GetPackingSlipsPdf(ctx context.Context, req *connect.Request[saboresv1.GetPackingSlipsPdfRequest]) (*connect.Response[saboresv1.GetPackingSlipsPdfResponse], error) {
	pdf, name, n, err := h.parcels.PackingSlips(ctx, req.Msg.GetDay(), slipLanguage(req.Msg.GetLanguage()), auth.Caller(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetPackingSlipsPdfResponse{Pdf: pdf, FileName: name, Orders: int32(n)}), nil //nolint:gosec // at most 500 orders
}

// ListParcels lists the parcels by state.
func (h *Handler) ListParcels(ctx context.Context, req *connect.Request[saboresv1.ListParcelsRequest]) (*connect.Response[saboresv1.ListParcelsResponse], error) {
	page, err := h.parcels.List(ctx, storedState(req.Msg.GetState()), req.Msg.GetPageToken(), req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListParcelsResponse{NextPageToken: page.Next, Parcels: make([]*saboresv1.Parcel, len(page.Rows))}
	for i, p := range page.Rows {
		res.Parcels[i] = parcelToProto(p)
	}
	return connect.NewResponse(res), nil
}

// MarkParcelDelivered records a parcel's delivery as the desk.
func (h *Handler) MarkParcelDelivered(ctx context.Context, req *connect.Request[saboresv1.MarkParcelDeliveredRequest]) (*connect.Response[saboresv1.MarkParcelDeliveredResponse], error) {
	p, err := h.parcels.MarkDelivered(ctx, req.Msg.GetParcelId(), auth.Caller(ctx), req.Msg.GetNote())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.MarkParcelDeliveredResponse{Parcel: parcelToProto(p)}), nil
}

func parcelToProto(p db.Parcel) *saboresv1.Parcel {
	out := &saboresv1.Parcel{
		Id: p.ID, OrderId: p.OrderID, State: apimap.ParcelState(p.State), Carrier: p.Carrier,
		TrackingNumber: p.TrackingNumber, TrackingUrl: p.TrackingURL, PlatformStatus: p.PlatformStatus,
		ServiceCode: p.ServiceCode, WeightGrams: p.WeightGrams, CodCents: p.CodCents, AgeCheck: p.AgeCheck,
		CreateTime: timestamppb.New(p.CreatedAt),
	}
	if p.DeliveredAt != nil {
		out.DeliverTime = timestamppb.New(*p.DeliveredAt)
	}
	return out
}

// storedState is the parcel state a filter names; "" for any.
func storedState(s saboresv1.ParcelState) carrier.State {
	for _, st := range carrier.States {
		if apimap.ParcelState(string(st)) == s {
			return st
		}
	}
	return ""
}

func slipLanguage(l saboresv1.SlipLanguage) string {
	if l == saboresv1.SlipLanguage_SLIP_LANGUAGE_PT {
		return "pt"
	}
	return "es"
}
