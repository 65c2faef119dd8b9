// Package adminwebhookapi serves AdminWebhookService over Connect: the
// owner's webhook endpoints, kept by the webhook module.
package adminwebhookapi

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/webhook"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Handler implements AdminWebhookService.
type Handler struct {
	endpoints *webhook.Service
}

var _ saboresv1connect.AdminWebhookServiceHandler = (*Handler)(nil)

// New returns the handler of the webhook module's endpoints.
func New(endpoints *webhook.Service) *Handler { return &Handler{endpoints: endpoints} }

func endpointToProto(e webhook.Endpoint) *saboresv1.WebhookEndpoint {
	return &saboresv1.WebhookEndpoint{
		Id: e.ID, Url: e.URL, Types: e.Types, CreateTime: timestamppb.New(e.CreatedAt),
		DisableTime: timeToProto(e.DisabledAt), DisabledReason: e.DisabledReason,
		Failures: e.Failures, FailingSince: timeToProto(e.FailingSince),
	}
}

func timeToProto(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}

// CreateWebhookEndpoint registers an endpoint (webhook.Service.Create).
func (h *Handler) CreateWebhookEndpoint(ctx context.Context, req *connect.Request[saboresv1.CreateWebhookEndpointRequest]) (*connect.Response[saboresv1.CreateWebhookEndpointResponse], error) {
	e, err := h.endpoints.Create(ctx, auth.Caller(ctx), req.Msg.GetUrl(), req.Msg.GetTypes())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.CreateWebhookEndpointResponse{Endpoint: endpointToProto(e), Secret: e.Secret}), nil
}

// ListWebhookEndpoints lists the endpoints (webhook.Service.List).
func (h *Handler) ListWebhookEndpoints(ctx context.Context, _ *connect.Request[saboresv1.ListWebhookEndpointsRequest]) (*connect.Response[saboresv1.ListWebhookEndpointsResponse], error) {
	list, err := h.endpoints.List(ctx)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListWebhookEndpointsResponse{Endpoints: make([]*saboresv1.WebhookEndpoint, len(list))}
	for i, e := range list {
		res.Endpoints[i] = endpointToProto(e)
	}
	return connect.NewResponse(res), nil
}

// DeleteWebhookEndpoint removes an endpoint (webhook.Service.Delete).
func (h *Handler) DeleteWebhookEndpoint(ctx context.Context, req *connect.Request[saboresv1.DeleteWebhookEndpointRequest]) (*connect.Response[saboresv1.DeleteWebhookEndpointResponse], error) {
	if err := h.endpoints.Delete(ctx, auth.Caller(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.DeleteWebhookEndpointResponse{}), nil
}

// RotateWebhookSecret gives an endpoint a new secret
// (webhook.Service.Rotate).
func (h *Handler) RotateWebhookSecret(ctx context.Context, req *connect.Request[saboresv1.RotateWebhookSecretRequest]) (*connect.Response[saboresv1.RotateWebhookSecretResponse], error) {
	e, err := h.endpoints.Rotate(ctx, auth.Caller(ctx), req.Msg.GetId(), time.Now())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RotateWebhookSecretResponse{Endpoint: endpointToProto(e), Secret: e.Secret}), nil
}

// SetWebhookEndpointEnabled enables or disables an endpoint
// (webhook.Service.SetEnabled).
func (h *Handler) SetWebhookEndpointEnabled(ctx context.Context, req *connect.Request[saboresv1.SetWebhookEndpointEnabledRequest]) (*connect.Response[saboresv1.SetWebhookEndpointEnabledResponse], error) {
	e, err := h.endpoints.SetEnabled(ctx, auth.Caller(ctx), req.Msg.GetId(), req.Msg.GetEnabled(), time.Now())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.SetWebhookEndpointEnabledResponse{Endpoint: endpointToProto(e)}), nil
}

// deliveriesPage is a page of the log when the caller asks for none.
const deliveriesPage = 50

// ListWebhookDeliveries pages an endpoint's log (webhook.Service.Deliveries).
func (h *Handler) ListWebhookDeliveries(ctx context.Context, req *connect.Request[saboresv1.ListWebhookDeliveriesRequest]) (*connect.Response[saboresv1.ListWebhookDeliveriesResponse], error) {
	limit := req.Msg.GetLimit()
	if limit == 0 {
		limit = deliveriesPage
	}
	list, err := h.endpoints.Deliveries(ctx, req.Msg.GetEndpointId(), req.Msg.GetBeforeId(), limit)
	if err != nil {
		return nil, err
	}
	res := &saboresv1.ListWebhookDeliveriesResponse{Deliveries: make([]*saboresv1.WebhookDelivery, len(list))}
	for i, d := range list {
		res.Deliveries[i] = deliveryToProto(d)
	}
	return connect.NewResponse(res), nil
}

// RedeliverWebhook queues a delivery again (webhook.Service.Redeliver).
func (h *Handler) RedeliverWebhook(ctx context.Context, req *connect.Request[saboresv1.RedeliverWebhookRequest]) (*connect.Response[saboresv1.RedeliverWebhookResponse], error) {
	d, err := h.endpoints.Redeliver(ctx, auth.Caller(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&saboresv1.RedeliverWebhookResponse{Delivery: deliveryToProto(d)}), nil
}

var deliveryStatuses = map[string]saboresv1.WebhookDeliveryStatus{
	webhook.StatusPending:   saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_PENDING,
	webhook.StatusDelivered: saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_DELIVERED,
	webhook.StatusFailing:   saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_FAILING,
	webhook.StatusFailed:    saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_FAILED,
}

func deliveryToProto(d webhook.DeliveryLog) *saboresv1.WebhookDelivery {
	return &saboresv1.WebhookDelivery{
		Id: d.ID, EndpointId: d.EndpointID, EventId: d.EventID.String(), EventType: d.EventType,
		Status: deliveryStatuses[d.Status], Attempts: d.Attempts, ResponseCode: d.ResponseCode, LastError: d.LastError,
		LastAttemptTime: timeToProto(d.LastAttemptAt), CreateTime: timestamppb.New(d.CreatedAt),
	}
}
