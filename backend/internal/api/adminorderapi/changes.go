package adminorderapi

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/api/apimap"
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
	orders, err := h.orders.ForERP(ctx, ids)
	if err != nil {
		return nil, err
	}
	// An order erased since (data rights) is gone from the page: there is
	// nothing of it left to send.
	res := &saboresv1.ListOrderChangesResponse{Orders: make([]*saboresv1.Order, len(orders)), NextCursor: next.String()}
	for i, o := range orders {
		res.Orders[i] = erpOrderToProto(o)
	}
	return connect.NewResponse(res), nil
}

// erpOrderToProto maps an order with what an ERP books it by and the
// desk's lists leave out. The order's own tracking number, set by the
// desk, comes before its parcel's.
func erpOrderToProto(o order.ERPOrder) *saboresv1.Order {
	out := apimap.OrderToProto(o.Row, o.Lines)
	apimap.OrderDiscount(out, o.Order)
	out.CustomerEmail = o.CustomerEmail
	if o.PaidAt != nil {
		out.PaidTime = timestamppb.New(*o.PaidAt)
	}
	for _, l := range out.GetLines() {
		c := o.Codes[l.GetProductId()]
		l.Sku, l.Ean = c.SKU, c.EAN
	}
	if p := o.Parcel; p != nil && out.GetTrackingNumber() == "" {
		out.Carrier, out.TrackingNumber, out.TrackingUrl = p.Carrier, p.TrackingNumber, p.TrackingURL
	}
	return out
}
