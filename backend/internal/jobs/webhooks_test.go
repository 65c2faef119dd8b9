package jobs_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/webhook"
)

// receiver is an integrator's webhook endpoint: it verifies each delivery
// with the documented recipe and records the event ids it took; while
// down it answers 503.
type receiver struct {
	secret   string
	down     atomic.Bool
	refused  atomic.Int32
	mu       sync.Mutex
	received map[string]string // event id → type
	forged   int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if rc.down.Load() {
		rc.refused.Add(1)
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if err := webhook.Verify([]string{rc.secret}, r.Header, body, time.Now()); err != nil {
		rc.forged++
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var e struct{ ID, Type string }
	_ = json.Unmarshal(body, &e)
	if e.ID != r.Header.Get("webhook-id") {
		rc.forged++
	}
	rc.received[e.ID] = e.Type
}

func (rc *receiver) has(id string) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	_, ok := rc.received[id]
	return ok
}

// TestWebhooksArriveSignedAndSurviveAnOutage: an order.paid reaches a
// local receiver within 5 s, signed; while the receiver is down, the
// events of that time are retried, and every one arrives once it is back.
func TestWebhooksArriveSignedAndSurviveAnOutage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	rc := &receiver{received: map[string]string{}}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	endpoint, err := webhook.New(pool).Create(ctx, audit.Caller{Name: "owner@sabores.test"}, srv.URL, []string{"order.paid", "order.placed"})
	if err != nil {
		t.Fatal(err)
	}
	rc.secret = endpoint.Secret
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), RetryPolicy: quickRetry{},
		WebhookClient: webhook.Client(true, 5*time.Second),
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)

	user := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "ana"})
	product := dbtest.Product(t, pool, dbtest.ProductOpts{Stock: 10})
	step := func(state string) string {
		t.Helper()
		id := dbtest.SoldOrder(t, pool, dbtest.SoldOrderOpts{UserID: user, Lines: []dbtest.SoldLine{{ProductID: product}}})
		machine := "fulfilment"
		if state == "paid" {
			machine = "payment"
		}
		var event string
		if _, err := pool.Exec(ctx, `INSERT INTO order_events (order_id, machine, to_state, actor) VALUES ($1, $2, $3, 'system')`,
			id, machine, state); err != nil {
			t.Fatal(err)
		}
		if err := pool.QueryRow(ctx, `SELECT id::text FROM api_events WHERE (data->>'order_id')::bigint = $1 AND type = $2`,
			id, "order."+state).Scan(&event); err != nil {
			t.Fatal(err)
		}
		return event
	}

	paid := step("paid")
	took := testwait.Until(t, 5*time.Second, "order.paid at the receiver", func() bool { return rc.has(paid) })
	t.Logf("order.paid delivered in %v", took)

	rc.down.Store(true)
	var during []string
	for range 5 {
		during = append(during, step("placed"))
	}
	testwait.Until(t, 10*time.Second, "deliveries refused while down", func() bool { return rc.refused.Load() >= 5 })
	rc.down.Store(false)
	testwait.Until(t, 30*time.Second, "every event once the receiver is back", func() bool {
		for _, id := range during {
			if !rc.has(id) {
				return false
			}
		}
		return true
	})
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.forged != 0 {
		t.Errorf("%d deliveries failed the signature check", rc.forged)
	}
	for id, typ := range rc.received {
		if typ != "order.paid" && typ != "order.placed" {
			t.Errorf("event %s of type %q delivered; the endpoint takes order.paid and order.placed", id, typ)
		}
	}
}
