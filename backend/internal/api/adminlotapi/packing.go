package adminlotapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgtype"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// GetOrderLots is an order's lots and the lots to pick instead
// (lots.Service.OrderLots), for the packing screen.
func (h *Handler) GetOrderLots(ctx context.Context, req *connect.Request[saboresv1.GetOrderLotsRequest]) (*connect.Response[saboresv1.GetOrderLotsResponse], error) {
	o, err := h.lots.OrderLots(ctx, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	out := &saboresv1.GetOrderLotsResponse{OrderId: o.OrderID, Status: o.Status}
	for _, l := range o.Lines {
		line := &saboresv1.OrderLineLots{LineNo: l.Line.LineNo, ProductId: l.Line.ProductID, ProductName: l.Line.ProductName, Quantity: l.Line.Quantity}
		for _, p := range l.Picks {
			line.Picks = append(line.Picks, &saboresv1.OrderLotPick{
				LotId: p.LotID, Code: deref(p.Code), ExpiresOn: isoDate(p.ExpiresOn), DateType: dateTypeToProto(deref(p.DateType)),
				Units: p.Quantity, Overridden: p.OverriddenBy != nil,
			})
		}
		out.Lines = append(out.Lines, line)
	}
	for _, c := range o.Choices {
		out.Choices = append(out.Choices, &saboresv1.LotChoice{
			LotId: c.ID, ProductId: c.ProductID, Code: deref(c.Code), ExpiresOn: isoDate(c.ExpiresOn),
			DateType: dateTypeToProto(deref(c.DateType)), Remaining: c.Remaining,
		})
	}
	return connect.NewResponse(out), nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// isoDate is a stored date as YYYY-MM-DD; empty when there is none.
func isoDate(d pgtype.Date) string {
	if !d.Valid {
		return ""
	}
	return d.Time.Format(time.DateOnly)
}
