package adminorderapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/order"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// deskActions are the desk's actions by their contract names.
var deskActions = map[saboresv1.OrderAction]order.Action{
	saboresv1.OrderAction_ORDER_ACTION_MARK_PAID:        order.ActionMarkPaid,
	saboresv1.OrderAction_ORDER_ACTION_START_PREPARING:  order.ActionStartPreparing,
	saboresv1.OrderAction_ORDER_ACTION_SHIP:             order.ActionShip,
	saboresv1.OrderAction_ORDER_ACTION_MARK_DELIVERED:   order.ActionMarkDelivered,
	saboresv1.OrderAction_ORDER_ACTION_CANCEL:           order.ActionCancel,
	saboresv1.OrderAction_ORDER_ACTION_READY_FOR_PICKUP: order.ActionReadyForPickup,
}

// AdvanceOrder takes one lifecycle step as the admin (order.Service.Advance:
// marking paid is order.Service.MarkPaid's path, with the invoice, its
// VeriFactu submission and the e-mail).
func (h *Handler) AdvanceOrder(ctx context.Context, req *connect.Request[saboresv1.AdvanceOrderRequest]) (*connect.Response[saboresv1.AdvanceOrderResponse], error) {
	m := req.Msg
	step := order.DeskStep{
		OrderID: m.GetId(), By: auth.Caller(ctx), Note: m.GetNote(), Carrier: m.GetCarrier(), TrackingNumber: m.GetTrackingNumber(),
		ConfirmOffDay: m.GetConfirmOffDay(),
	}
	var ok bool
	if step.Action, ok = deskActions[m.GetAction()]; !ok {
		return nil, fault.InvalidField("action", "must be a known action")
	}
	var after order.Order
	var err error
	if step.Action == order.ActionMarkPaid {
		after, err = h.orders.MarkPaid(ctx, step.OrderID, step.By, step.Note)
	} else {
		after, err = h.orders.Advance(ctx, step)
	}
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.AdvanceOrderResponse{Order: apimap.OrderToProto(after.Row, after.Lines)}), nil
}
