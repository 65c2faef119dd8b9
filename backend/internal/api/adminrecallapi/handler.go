// Package adminrecallapi serves AdminRecallService over Connect: a lot's
// trace, the recalls and the authority's export, each a lots module use
// case.
package adminrecallapi

import (
	"context"
	"strconv"
	"time"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/lots"
	"github.com/sabores/sabores/backend/internal/paging"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminRecallService.
type Handler struct {
	recalls *lots.Recalls
}

var _ saboresv1connect.AdminRecallServiceHandler = (*Handler)(nil)

// New returns the handler of the lots module's recalls.
func New(r *lots.Recalls) *Handler {
	return &Handler{recalls: r}
}

func dateType(t *string) saboresv1.LotDateType {
	switch {
	case t == nil:
		return saboresv1.LotDateType_LOT_DATE_TYPE_UNSPECIFIED
	case *t == string(lots.UseBy):
		return saboresv1.LotDateType_LOT_DATE_TYPE_USE_BY
	case *t == string(lots.BestBefore):
		return saboresv1.LotDateType_LOT_DATE_TYPE_BEST_BEFORE
	}
	return saboresv1.LotDateType_LOT_DATE_TYPE_UNSPECIFIED
}

func lotToProto(l db.Lot, recall int64) *saboresv1.ProductLot {
	out := &saboresv1.ProductLot{
		LotId: l.ID, DateType: dateType(l.DateType), Remaining: l.Remaining, Blocked: l.Blocked, Quarantined: l.Quarantined, RecallId: recall,
	}
	if l.Code != nil {
		out.Code = *l.Code
	}
	if l.ExpiresOn.Valid {
		out.ExpiresOn = l.ExpiresOn.Time.Format(time.DateOnly)
	}
	if l.BlockedReason != nil {
		out.BlockedReason = *l.BlockedReason
	}
	return out
}

func deliveriesToProto(rows []db.LotDeliveriesRow) []*saboresv1.LotDelivery {
	out := make([]*saboresv1.LotDelivery, 0, len(rows))
	for _, d := range rows {
		contact := d.SupplierContact
		for _, s := range []string{d.SupplierEmail, d.SupplierPhone} {
			if s != "" {
				if contact != "" {
					contact += " · "
				}
				contact += s
			}
		}
		out = append(out, &saboresv1.LotDelivery{
			LotId: d.LotID, DeliveryId: d.DeliveryID, DocumentNumber: d.DocumentNumber,
			DeliveredOn: d.DeliveredOn.Time.Format(time.DateOnly), Units: d.Quantity,
			SupplierName: d.SupplierName, SupplierTaxId: d.SupplierTaxID, SupplierContact: contact,
		})
	}
	return out
}

func salesToProto(rows []lots.Sale) []*saboresv1.LotSale {
	out := make([]*saboresv1.LotSale, 0, len(rows))
	for _, s := range rows {
		name, email, phone := s.Shopper()
		channel := saboresv1.LotSaleChannel_LOT_SALE_CHANNEL_WEB
		if s.Channel == "store" {
			channel = saboresv1.LotSaleChannel_LOT_SALE_CHANNEL_STORE
		}
		p := &saboresv1.LotSale{
			LotId: s.LotID, OrderId: s.OrderID, Channel: channel, Status: s.Status,
			PlacedAt: s.CreatedAt.UTC().Format(time.RFC3339), Units: s.Quantity,
			Name: name, Email: email, Phone: phone, BusinessName: s.BusinessName, BusinessTaxId: s.BusinessTaxID,
			Language: s.Language, EmailQueued: s.EmailQueued,
		}
		if s.EmailSentAt != nil {
			p.EmailSentAt = s.EmailSentAt.UTC().Format(time.RFC3339)
		}
		out = append(out, p)
	}
	return out
}

// ListProductLots lists a product's lots (lots.Service.LotsOfProduct).
func (h *Handler) ListProductLots(ctx context.Context, req *connect.Request[saboresv1.ListProductLotsRequest]) (*connect.Response[saboresv1.ListProductLotsResponse], error) {
	p, err := h.recalls.LotsOfProduct(ctx, req.Msg.GetProductId())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListProductLotsResponse{ProductName: p.Product.Name, ProductEan: p.Product.Ean}
	for _, l := range p.Lots {
		out.Lots = append(out.Lots, lotToProto(l, p.Recalls[l.ID]))
	}
	return connect.NewResponse(out), nil
}

// TraceLot is a lot's trace (lots.Service.TraceLot).
func (h *Handler) TraceLot(ctx context.Context, req *connect.Request[saboresv1.TraceLotRequest]) (*connect.Response[saboresv1.TraceLotResponse], error) {
	var after int64
	cursor, ok, err := paging.ParseToken("page_token", req.Msg.GetPageToken())
	if err != nil {
		return nil, err
	}
	if ok {
		if after, err = strconv.ParseInt(cursor.Key, 10, 64); err != nil {
			return nil, fault.InvalidField("page_token", "is not a page token this list gave")
		}
	}
	t, err := h.recalls.TraceLot(ctx, req.Msg.GetLotId(), after, req.Msg.GetPageSize())
	if err != nil {
		return nil, err
	}
	l := t.Lot
	out := &saboresv1.TraceLotResponse{
		ProductId: l.ProductID, ProductName: l.ProductName, ProductEan: l.ProductEan,
		Lot: lotToProto(db.Lot{
			ID: l.ID, ProductID: l.ProductID, Code: l.Code, ExpiresOn: l.ExpiresOn, DateType: l.DateType,
			Remaining: l.Remaining, Blocked: l.Blocked, BlockedReason: l.BlockedReason, Quarantined: l.Quarantined,
		}, t.RecallID),
		Deliveries: deliveriesToProto(t.Deliveries),
		Sales:      salesToProto(t.Sales),
		UnitsSold:  t.UnitsSold,
		SaleCount:  t.SaleCount,
	}
	if t.More {
		out.NextPageToken = paging.Cursor{Key: strconv.FormatInt(t.Sales[len(t.Sales)-1].OrderID, 10)}.Token()
	}
	return connect.NewResponse(out), nil
}

// StartRecall starts a recall (lots.Recalls.Start).
func (h *Handler) StartRecall(ctx context.Context, req *connect.Request[saboresv1.StartRecallRequest]) (*connect.Response[saboresv1.StartRecallResponse], error) {
	m := req.Msg
	r, err := h.recalls.Start(ctx, auth.Caller(ctx), lots.RecallStart{ProductID: m.GetProductId(), LotIDs: m.GetLotIds(), Reason: m.GetReason()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.StartRecallResponse{
		RecallId: r.ID, BlockedUnits: r.BlockedUnits, EmailsQueued: int32(r.Emails),
		OrdersSwapped: int32(r.Swapped), OrdersUnserved: int32(r.Unserved),
	}), nil
}

// ListRecalls lists the recalls (lots.Service.RecallList).
func (h *Handler) ListRecalls(ctx context.Context, _ *connect.Request[saboresv1.ListRecallsRequest]) (*connect.Response[saboresv1.ListRecallsResponse], error) {
	rows, err := h.recalls.RecallList(ctx)
	if err != nil {
		return nil, err
	}
	out := &saboresv1.ListRecallsResponse{}
	for _, r := range rows {
		out.Recalls = append(out.Recalls, &saboresv1.RecallSummary{
			RecallId: r.ID, ProductName: r.ProductName, LotCodes: r.LotCodes, Reason: r.Reason,
			StartedAt: r.StartedAt.UTC().Format(time.RFC3339),
		})
	}
	return connect.NewResponse(out), nil
}

// GetRecall reads a recall in full (lots.Service.Recall).
func (h *Handler) GetRecall(ctx context.Context, req *connect.Request[saboresv1.GetRecallRequest]) (*connect.Response[saboresv1.GetRecallResponse], error) {
	d, err := h.recalls.Recall(ctx, req.Msg.GetRecallId())
	if err != nil {
		return nil, err
	}
	r := d.Recall
	out := &saboresv1.GetRecallResponse{
		RecallId: r.ID, ProductId: r.ProductID, ProductName: r.ProductName, ProductEan: r.ProductEan,
		Reason: r.Reason, StartedAt: r.StartedAt.UTC().Format(time.RFC3339), StartedBy: r.StartedByEmail,
		Deliveries: deliveriesToProto(d.Deliveries), Sales: salesToProto(d.Sales),
	}
	for _, l := range d.Lots {
		out.Lots = append(out.Lots, lotToProto(db.Lot{
			ID: l.ID, ProductID: l.ProductID, Code: l.Code, ExpiresOn: l.ExpiresOn, DateType: l.DateType,
			Remaining: l.Remaining, Blocked: l.Blocked, BlockedReason: l.BlockedReason, Quarantined: l.Quarantined,
		}, r.ID))
	}
	for _, h := range d.Held {
		held := &saboresv1.RecallHeldOrder{OrderId: h.OrderID, Units: h.Units}
		if h.FromCode != nil {
			held.FromLotCode = *h.FromCode
		}
		if h.ToCode != nil {
			held.ToLotCode = *h.ToCode
		}
		out.HeldOrders = append(out.HeldOrders, held)
	}
	return connect.NewResponse(out), nil
}

// ExportRecall is the authority's file (lots.Service.ExportRecall).
func (h *Handler) ExportRecall(ctx context.Context, req *connect.Request[saboresv1.ExportRecallRequest]) (*connect.Response[saboresv1.ExportRecallResponse], error) {
	format := lots.ExportCSV
	if req.Msg.GetFormat() == saboresv1.RecallExportFormat_RECALL_EXPORT_FORMAT_PDF {
		format = lots.ExportPDF
	}
	e, err := h.recalls.ExportRecall(ctx, req.Msg.GetRecallId(), format, req.Msg.GetLanguage())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.ExportRecallResponse{Content: e.Content, FileName: e.FileName, ContentType: e.ContentType}), nil
}
