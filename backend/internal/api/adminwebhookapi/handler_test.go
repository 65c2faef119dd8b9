package adminwebhookapi_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/api/admintest"
	"github.com/sabores/sabores/backend/internal/api/adminwebhookapi"
	"github.com/sabores/sabores/backend/internal/connecttest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/webhook"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestTheScreensCalls: a refused delivery shows in the log as failing
// with the receiver's status code and on the endpoint as a run of one
// failure; a disabled endpoint says so and refuses "send again" on the
// field; enabled, it takes it.
func TestTheScreensCalls(t *testing.T) {
	t.Parallel()
	f := admintest.NewShop(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) }))
	defer srv.Close()
	river, err := jobs.NewClient(f.Pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows()})
	if err != nil {
		t.Fatal(err)
	}
	endpoints := webhook.New(f.Pool).WithQueue(jobs.NewWebhookQueue(river))
	h := adminwebhookapi.New(endpoints)
	created, err := h.CreateWebhookEndpoint(f.Ctx, connect.NewRequest(&saboresv1.CreateWebhookEndpointRequest{
		Url: srv.URL, Types: []string{"stock.changed"},
	}))
	if err != nil {
		t.Fatal(err)
	}
	id := created.Msg.GetEndpoint().GetId()
	var event uuid.UUID
	if err := f.Pool.QueryRow(f.Ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 1001}') RETURNING id`).Scan(&event); err != nil {
		t.Fatal(err)
	}
	if err := endpoints.Deliver(f.Ctx, webhook.Client(true, 5*time.Second), webhook.Delivery{EndpointID: id, EventID: event}, time.Now(), false); err == nil {
		t.Fatal("a 418 was taken as delivered")
	}

	log, err := h.ListWebhookDeliveries(f.Ctx, connect.NewRequest(&saboresv1.ListWebhookDeliveriesRequest{EndpointId: id}))
	if err != nil {
		t.Fatal(err)
	}
	d := log.Msg.GetDeliveries()
	if len(d) != 1 || d[0].GetStatus() != saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_FAILING ||
		d[0].GetResponseCode() != http.StatusTeapot || d[0].GetEventId() != event.String() || d[0].GetLastAttemptTime() == nil {
		t.Fatalf("log %v, want the event failing with 418", d)
	}
	list, err := h.ListWebhookEndpoints(f.Ctx, connect.NewRequest(&saboresv1.ListWebhookEndpointsRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if ep := list.Msg.GetEndpoints()[0]; ep.GetFailures() != 1 || ep.GetFailingSince() == nil || ep.GetDisableTime() != nil {
		t.Errorf("endpoint %v, want enabled with a run of 1 failure", ep)
	}

	off, err := h.SetWebhookEndpointEnabled(f.Ctx, connect.NewRequest(&saboresv1.SetWebhookEndpointEnabledRequest{Id: id, Enabled: false}))
	if err != nil {
		t.Fatal(err)
	}
	if ep := off.Msg.GetEndpoint(); ep.GetDisableTime() == nil || ep.GetDisabledReason() != webhook.DisabledByOwner {
		t.Errorf("disabled endpoint %v, want disabled by the owner", ep)
	}
	_, err = h.RedeliverWebhook(f.Ctx, connect.NewRequest(&saboresv1.RedeliverWebhookRequest{Id: d[0].GetId()}))
	if code, field := connecttest.Detail(t, err); code != connect.CodeInvalidArgument || field != "id" {
		t.Errorf("send again to a disabled endpoint: %v (field %q), want InvalidArgument on id", err, field)
	}
	if _, err := h.SetWebhookEndpointEnabled(f.Ctx, connect.NewRequest(&saboresv1.SetWebhookEndpointEnabledRequest{Id: id, Enabled: true})); err != nil {
		t.Fatal(err)
	}
	again, err := h.RedeliverWebhook(f.Ctx, connect.NewRequest(&saboresv1.RedeliverWebhookRequest{Id: d[0].GetId()}))
	if err != nil {
		t.Fatal(err)
	}
	if again.Msg.GetDelivery().GetStatus() != saboresv1.WebhookDeliveryStatus_WEBHOOK_DELIVERY_STATUS_PENDING {
		t.Errorf("sent again: %v, want pending", again.Msg.GetDelivery())
	}
	if n := f.Count(t, `SELECT count(*) FROM audit_events WHERE action IN ('webhook.disable', 'webhook.enable', 'webhook.redeliver')`); n != 3 {
		t.Errorf("%d audit events, want disable, enable and send again", n)
	}
	if _, err := h.SetWebhookEndpointEnabled(f.Ctx, connect.NewRequest(&saboresv1.SetWebhookEndpointEnabledRequest{Id: id + 99, Enabled: false})); !errors.Is(err, fault.ErrNotFound) {
		t.Errorf("an unknown endpoint: %v, want NotFound", err)
	}
}
