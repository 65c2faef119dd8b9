package adminorderapi

import (
	"context"
	"fmt"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/feed"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// changesLimit caps a page of ListOrderChanges: each change may be an
// order with its lines to read.
const changesLimit = 500

// ListOrderChanges returns the orders changed after the cursor in their
// latest state (feed.Service.OrderChanges), with what an ERP books them by.
func (h *Handler) ListOrderChanges(ctx context.Context, req *connect.Request[saboresv1.ListOrderChangesRequest]) (*connect.Response[saboresv1.ListOrderChangesResponse], error) {
	after, err := feed.ParseCursor(req.Msg.GetAfterCursor())
	if err != nil {
		return nil, err
	}
	ids, next, err := h.changes.OrderChanges(ctx, after, min(req.Msg.GetLimit(), changesLimit))
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListOrderChangesResponse{Orders: []*saboresv1.Order{}, NextCursor: next.String()}
	if len(ids) == 0 {
		return connect.NewResponse(res), nil
	}
	rows, err := h.q.OrdersByIDs(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("adminorderapi: read changed orders: %w", err)
	}
	stored := make([]db.Order, len(rows))
	emails := make(map[int64]string, len(rows))
	for i, r := range rows {
		stored[i] = r.Order
		emails[r.Order.ID] = r.CustomerEmail
	}
	orders, err := order.WithLines(ctx, h.q, stored)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*saboresv1.Order, len(orders))
	for _, o := range orders {
		mapped := apimap.OrderToProto(o.Row, o.Lines)
		mapped.CustomerEmail = emails[o.Row.ID]
		byID[o.Row.ID] = mapped
	}
	// An order erased since (data rights) is gone from the page: there is
	// nothing of it left to send.
	for _, id := range ids {
		if o, ok := byID[id]; ok {
			res.Orders = append(res.Orders, o)
		}
	}
	if err := withERPDetails(ctx, h.q, res.Orders); err != nil {
		return nil, err
	}
	return connect.NewResponse(res), nil
}

// withERPDetails adds what an ERP books an order by and the desk's lists
// leave out: when it was paid, each line's SKU and EAN, and the parcel's
// carrier and tracking number when a label was bought for it.
func withERPDetails(ctx context.Context, q *db.Queries, orders []*saboresv1.Order) error {
	ids := make([]int64, len(orders))
	byID := make(map[int64]*saboresv1.Order, len(orders))
	for i, o := range orders {
		ids[i] = o.GetId()
		byID[o.GetId()] = o
	}
	paid, err := q.OrderPaidTimes(ctx, ids)
	if err != nil {
		return fmt.Errorf("adminorderapi: read paid times: %w", err)
	}
	for _, p := range paid {
		byID[p.OrderID].PaidTime = timestamppb.New(p.PaidAt)
	}
	codes, err := q.OrderLineCodes(ctx, ids)
	if err != nil {
		return fmt.Errorf("adminorderapi: read line codes: %w", err)
	}
	byProduct := make(map[int64]db.OrderLineCodesRow, len(codes))
	for _, c := range codes {
		byProduct[c.ID] = c
	}
	for _, o := range orders {
		for _, l := range o.GetLines() {
			c := byProduct[l.GetProductId()]
			l.Sku, l.Ean = c.SKU, c.Ean
		}
	}
	parcels, err := q.ParcelsOfOrders(ctx, ids)
	if err != nil {
		return fmt.Errorf("adminorderapi: read parcels: %w", err)
	}
	for _, p := range parcels {
		if o := byID[p.OrderID]; o.GetTrackingNumber() == "" {
			o.Carrier, o.TrackingNumber, o.TrackingUrl = p.Carrier, p.TrackingNumber, p.TrackingURL
		}
	}
	return nil
}
