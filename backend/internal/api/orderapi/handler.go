// Package orderapi serves OrderService: it reads the signed-in shopper,
// calls the order module's use cases and maps their results to the
// contract's messages.
package orderapi

import (
	"context"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/api/apimap"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements OrderService over the order module.
type Handler struct {
	orders *order.Service
}

var _ saboresv1connect.OrderServiceHandler = (*Handler)(nil)

// New returns the OrderService handler of orders.
func New(orders *order.Service) *Handler {
	return &Handler{orders: orders}
}

// PlaceOrder sells the cart to the caller (order.Service.Place).
func (h *Handler) PlaceOrder(ctx context.Context, req *connect.Request[saboresv1.PlaceOrderRequest]) (*connect.Response[saboresv1.PlaceOrderResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	in := order.PlaceInput{
		UserID: userID, Key: m.GetIdempotencyKey(), Method: apimap.PaymentMethodOf(m.GetPaymentMethod()),
		AcceptLanguage: req.Header().Get("Accept-Language"), AgeDeclared: m.GetAgeDeclared(),
		ShippingMethod: m.GetShippingMethod(), DiscountCode: m.GetDiscountCode(),
	}
	in.Lines = linesFromProto(m.GetLines())
	if d := m.GetDelivery(); d != nil {
		in.Delivery = &order.Delivery{
			Name: d.GetName(), Email: d.GetEmail(), Phone: d.GetPhone(),
			Address: d.GetAddress(), City: d.GetCity(), PostalCode: d.GetPostalCode(),
		}
	}
	placed, err := h.orders.Place(ctx, in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.PlaceOrderResponse{Order: orderToProto(placed)}), nil
}

// ListMyOrders lists the caller's orders, newest first, with their total.
func (h *Handler) ListMyOrders(ctx context.Context, req *connect.Request[saboresv1.ListMyOrdersRequest]) (*connect.Response[saboresv1.ListMyOrdersResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	m := req.Msg
	orders, total, err := h.orders.ListMine(ctx, userID, m.GetPage(), m.GetPageSize(), m.GetLanguage() == saboresv1.Language_LANGUAGE_PT)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListMyOrdersResponse{Orders: make([]*saboresv1.Order, len(orders)), TotalSize: int32(total)}
	for i, o := range orders {
		res.Orders[i] = orderToProto(o)
	}
	return connect.NewResponse(res), nil
}

// GetMyOrder returns one of the caller's orders with its timeline and
// payment; anybody else's is NotFound.
func (h *Handler) GetMyOrder(ctx context.Context, req *connect.Request[saboresv1.GetMyOrderRequest]) (*connect.Response[saboresv1.GetMyOrderResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	d, err := h.orders.GetMine(ctx, userID, req.Msg.GetId(), req.Msg.GetLanguage() == saboresv1.Language_LANGUAGE_PT)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetMyOrderResponse{
		Order: orderToProto(d.Order), Events: apimap.EventsToProto(d.Events), Cancellable: d.Cancellable,
		Payment: paymentToProto(d.Payment), Tracking: apimap.Tracking(d.Parcel),
	}
	// The platform's tracking page, whatever the carrier's name.
	if d.Parcel != nil && d.Parcel.TrackingURL != "" {
		res.Order.TrackingUrl = d.Parcel.TrackingURL
	}
	return connect.NewResponse(res), nil
}

// CancelMyOrder cancels one of the caller's orders (order.Service.Cancel).
func (h *Handler) CancelMyOrder(ctx context.Context, req *connect.Request[saboresv1.CancelMyOrderRequest]) (*connect.Response[saboresv1.CancelMyOrderResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	cancelled, err := h.orders.Cancel(ctx, userID, req.Msg.GetId(), req.Msg.GetReason())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CancelMyOrderResponse{Order: orderToProto(cancelled)}), nil
}

// GetPaymentOptions lists the methods taken now and the cash surcharge.
func (h *Handler) GetPaymentOptions(ctx context.Context, req *connect.Request[saboresv1.GetPaymentOptionsRequest]) (*connect.Response[saboresv1.GetPaymentOptionsResponse], error) {
	opts, err := h.orders.GetPaymentOptions(ctx, linesFromProto(req.Msg.GetLines()))
	if err != nil {
		return nil, err
	}
	res := &saboresv1.GetPaymentOptionsResponse{CashOnDeliverySurchargeCents: opts.CashSurchargeCents}
	for _, m := range opts.Methods {
		res.PaymentMethods = append(res.PaymentMethods, apimap.PaymentMethod(m))
	}
	for _, u := range opts.Unavailable {
		res.UnavailablePaymentMethods = append(res.UnavailablePaymentMethods, &saboresv1.UnavailablePaymentMethod{
			PaymentMethod: apimap.PaymentMethod(u.Method), Reason: u.Reason, Metadata: u.Metadata,
		})
	}
	return connect.NewResponse(res), nil
}

// StartPayment signs the form that sends the browser to Redsys to pay one
// of the caller's card or Bizum orders.
func (h *Handler) StartPayment(ctx context.Context, req *connect.Request[saboresv1.StartPaymentRequest]) (*connect.Response[saboresv1.StartPaymentResponse], error) {
	userID, err := auth.SignedInUser(ctx)
	if err != nil {
		return nil, err
	}
	checkout, err := h.orders.StartPayment(ctx, userID, req.Msg.GetOrderId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.StartPaymentResponse{
		Action: checkout.Action, SignatureVersion: checkout.Fields.SignatureVersion,
		MerchantParameters: checkout.Fields.MerchantParameters, Signature: checkout.Fields.Signature,
	}), nil
}

// linesFromProto reads a cart's lines as sent.
func linesFromProto(lines []*saboresv1.CartLineInput) []pricing.LineInput {
	out := make([]pricing.LineInput, 0, len(lines))
	for _, l := range lines {
		out = append(out, pricing.LineInput{ProductID: l.GetProductId(), Quantity: l.GetQuantity()})
	}
	return out
}
