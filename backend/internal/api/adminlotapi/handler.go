// Package adminlotapi serves AdminLotService over Connect: goods-in, the
// lots expiring soon, the lot picked at packing and the blocking rules,
// each a lots module use case.
package adminlotapi

import (
	"context"
	"strconv"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminLotService.
type Handler struct {
	lots *lots.Service
}

var _ saboresv1connect.AdminLotServiceHandler = (*Handler)(nil)

// New returns the handler of the lots module.
func New(l *lots.Service) *Handler {
	return &Handler{lots: l}
}

// dateTypes are the module's date types of the contract's.
var dateTypes = map[saboresv1.LotDateType]lots.DateType{
	saboresv1.LotDateType_LOT_DATE_TYPE_BEST_BEFORE: lots.BestBefore,
	saboresv1.LotDateType_LOT_DATE_TYPE_USE_BY:      lots.UseBy,
}

func dateTypeToProto(t string) saboresv1.LotDateType {
	for k, v := range dateTypes {
		if string(v) == t {
			return k
		}
	}
	return saboresv1.LotDateType_LOT_DATE_TYPE_UNSPECIFIED
}

// day reads a YYYY-MM-DD field; a date that does not exist is field's fault.
func day(s, field string) (time.Time, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, fault.InvalidField(field, "not a date")
	}
	return t, nil
}

// FindProductByEan is the product a scan names (lots.Service.ProductByEAN).
func (h *Handler) FindProductByEan(ctx context.Context, req *connect.Request[saboresv1.FindProductByEanRequest]) (*connect.Response[saboresv1.FindProductByEanResponse], error) {
	p, err := h.lots.ProductByEAN(ctx, req.Msg.GetEan())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.FindProductByEanResponse{ProductId: p.ID, Name: p.Name, Ean: p.Ean, Stock: p.Stock}), nil
}

// ReceiveDelivery books a delivery (lots.Service.Receive).
func (h *Handler) ReceiveDelivery(ctx context.Context, req *connect.Request[saboresv1.ReceiveDeliveryRequest]) (*connect.Response[saboresv1.ReceiveDeliveryResponse], error) {
	m := req.Msg
	on, err := day(m.GetDeliveredOn(), "delivered_on")
	if err != nil {
		return nil, err
	}
	d := lots.Delivery{SupplierID: m.GetSupplierId(), DocumentNumber: m.GetDocumentNumber(), DeliveredOn: on}
	for i, l := range m.GetLines() {
		exp, err := day(l.GetExpiresOn(), "lines["+strconv.Itoa(i)+"].expires_on")
		if err != nil {
			return nil, err
		}
		d.Lines = append(d.Lines, lots.DeliveryLine{
			ProductID: l.GetProductId(), Units: l.GetUnits(), LotCode: l.GetLotCode(), Expires: exp, Type: dateTypes[l.GetDateType()],
		})
	}
	r, err := h.lots.Receive(ctx, auth.Caller(ctx), d)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ReceiveDeliveryResponse{DeliveryId: r.ID, LotIds: r.LotIDs, BlockedLotIds: r.Blocked}), nil
}

// ListExpiringLots lists the lots expiring within the days asked
// (lots.Service.Expiring).
func (h *Handler) ListExpiringLots(ctx context.Context, req *connect.Request[saboresv1.ListExpiringLotsRequest]) (*connect.Response[saboresv1.ListExpiringLotsResponse], error) {
	page, err := h.lots.Expiring(ctx, int(req.Msg.GetDays()))
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListExpiringLotsResponse{Until: page.Until.Format(time.DateOnly)}
	for _, l := range page.Lots {
		out.Lots = append(out.Lots, &saboresv1.ExpiringLot{
			LotId: l.ID, ProductId: l.ProductID, ProductName: l.ProductName, ProductEan: l.ProductEAN,
			Code: l.Code, ExpiresOn: l.Expires.Format(time.DateOnly), DateType: dateTypeToProto(string(l.Type)),
			Remaining: l.Remaining, Blocked: l.Blocked, BlockedReason: l.BlockedReason, SupplierName: l.SupplierName,
			SellPastBestBefore: l.SellPast, Quarantined: l.Quarantined,
		})
	}
	return connect.NewResponse(out), nil
}

// OverrideLineLot records another lot picked at packing
// (lots.Service.OverrideLot).
func (h *Handler) OverrideLineLot(ctx context.Context, req *connect.Request[saboresv1.OverrideLineLotRequest]) (*connect.Response[saboresv1.OverrideLineLotResponse], error) {
	m := req.Msg
	if err := h.lots.OverrideLot(ctx, auth.Caller(ctx), lots.Override{
		OrderID: m.GetOrderId(), LineNo: m.GetLineNo(), FromLotID: m.GetFromLotId(), ToLotID: m.GetToLotId(), Units: m.GetUnits(),
	}); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.OverrideLineLotResponse{}), nil
}

// GetLotRules reads the blocking rules (lots.Service.Rules).
func (h *Handler) GetLotRules(ctx context.Context, _ *connect.Request[saboresv1.GetLotRulesRequest]) (*connect.Response[saboresv1.GetLotRulesResponse], error) {
	r, err := h.lots.Rules(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.GetLotRulesResponse{Rules: rulesToProto(r)}), nil
}

// UpdateLotRules saves the blocking rules (lots.Service.SetRules).
func (h *Handler) UpdateLotRules(ctx context.Context, req *connect.Request[saboresv1.UpdateLotRulesRequest]) (*connect.Response[saboresv1.UpdateLotRulesResponse], error) {
	in := req.Msg.GetRules()
	r, err := h.lots.SetRules(ctx, auth.Caller(ctx), lots.Rules{
		DeliveryDays: int(in.GetDeliveryDays()), MarginDays: int(in.GetMarginDays()),
		DigestDays: int(in.GetDigestDays()), DigestLanguage: in.GetDigestLanguage(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.UpdateLotRulesResponse{Rules: rulesToProto(r)}), nil
}

// SetSellPastBestBefore records the owner's choice for a best-before lot
// (lots.Service.SellPastBestBefore).
func (h *Handler) SetSellPastBestBefore(ctx context.Context, req *connect.Request[saboresv1.SetSellPastBestBeforeRequest]) (*connect.Response[saboresv1.SetSellPastBestBeforeResponse], error) {
	if err := h.lots.SellPastBestBefore(ctx, auth.Caller(ctx), req.Msg.GetLotId(), req.Msg.GetSell()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SetSellPastBestBeforeResponse{}), nil
}

func rulesToProto(r lots.Rules) *saboresv1.LotRules {
	return &saboresv1.LotRules{
		DeliveryDays: int32(r.DeliveryDays), MarginDays: int32(r.MarginDays), //nolint:gosec // 0 to 30 (SetRules)
		DigestDays: int32(r.DigestDays), DigestLanguage: r.DigestLanguage, //nolint:gosec // 1 to 90 (SetRules)
	}
}
