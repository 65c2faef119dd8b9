package webhook_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/testwait"
	"github.com/sabores/sabores/backend/internal/webhook"
)

func TestShouldDisable(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { x := now.Add(-d); return &x }
	for _, c := range []struct {
		name     string
		failures int32
		since    *time.Time
		want     bool
	}{
		{"never failed", 0, nil, false},
		{"a day of failures", webhook.DisableMinFailures, at(webhook.DisableAfter), true},
		{"many failures within the day", 200, at(webhook.DisableAfter - time.Minute), false},
		{"a day but too few tries", webhook.DisableMinFailures - 1, at(3 * webhook.DisableAfter), false},
		{"long and many", 50, at(5 * webhook.DisableAfter), true},
	} {
		if got := webhook.ShouldDisable(c.failures, c.since, now); got != c.want {
			t.Errorf("%s: ShouldDisable(%d, %v) = %v, want %v", c.name, c.failures, c.since, got, c.want)
		}
	}
}

// TestADayOfFailuresDisablesTheEndpoint: a receiver answering 500 for a
// day of retries is disabled at the first failure past the day, audited,
// its owner e-mailed once; each try is in the delivery log with its
// response code; a success before that ends the run of failures.
func TestADayOfFailuresDisablesTheEndpoint(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	status := http.StatusInternalServerError
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(status) }))
	defer srv.Close()
	owner := dbtest.Admin(t, pool, "sabores", dbtest.PersonOpts{Subject: "owner", Email: "owner@sabores.test"})
	by := audit.Caller{Name: "owner@sabores.test", UserID: owner}
	// A client never started: it queues the owner's e-mail (the e-mail's
	// own delivery is jobs' test).
	sender, err := mail.NewSender(mail.Settings{Host: "127.0.0.1", Port: 25, TLS: "none", From: "tienda@sabores.test"})
	if err != nil {
		t.Fatal(err)
	}
	river, err := jobs.NewClient(pool, jobs.Options{PaymentWindows: order.DefaultPaymentWindows(), Sender: sender})
	if err != nil {
		t.Fatal(err)
	}
	endpoints := webhook.New(pool).WithAlerts(jobs.NewMailQueue(river, "tienda@sabores.test"))
	ep, err := endpoints.Create(ctx, by, srv.URL, []string{"stock.changed"})
	if err != nil {
		t.Fatal(err)
	}
	var event uuid.UUID
	if err := pool.QueryRow(ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 1}') RETURNING id`).Scan(&event); err != nil {
		t.Fatal(err)
	}
	client := webhook.Client(true, 5*time.Second)
	d := webhook.Delivery{EndpointID: ep.ID, EventID: event}
	start := time.Now()
	state := func() webhook.Endpoint {
		t.Helper()
		list, err := endpoints.List(ctx)
		if err != nil || len(list) != 1 {
			t.Fatalf("endpoints %v: %v", list, err)
		}
		return list[0]
	}

	// Failures for most of a day, then one success: the slate is clean.
	for i := range 12 {
		if err := endpoints.Deliver(ctx, client, d, start.Add(time.Duration(i)*2*time.Hour), false); err == nil {
			t.Fatal("a 500 was taken as delivered")
		}
	}
	if got := state(); got.DisabledAt != nil || got.Failures != 12 {
		t.Fatalf("after 22 h of failures: disabled %v, failures %d; want enabled with 12", got.DisabledAt, got.Failures)
	}
	status = http.StatusNoContent
	if err := endpoints.Deliver(ctx, client, d, start.Add(23*time.Hour), false); err != nil {
		t.Fatal(err)
	}
	if got := state(); got.Failures != 0 || got.FailingSince != nil {
		t.Fatalf("a success left failures %d since %v", got.Failures, got.FailingSince)
	}

	// Now a whole day of failures, of the next event.
	status = http.StatusBadGateway
	day2 := start.Add(24 * time.Hour)
	if err := pool.QueryRow(ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 2}') RETURNING id`).Scan(&event); err != nil {
		t.Fatal(err)
	}
	d = webhook.Delivery{EndpointID: ep.ID, EventID: event}
	for i := range webhook.DisableMinFailures {
		_ = endpoints.Deliver(ctx, client, d, day2.Add(time.Duration(i)*time.Hour), false)
	}
	if got := state(); got.DisabledAt != nil {
		t.Fatalf("disabled after %d failures within 10 h", got.Failures)
	}
	if err := endpoints.Deliver(ctx, client, d, day2.Add(webhook.DisableAfter), false); err == nil {
		t.Fatal("a 502 was taken as delivered")
	}
	got := state()
	if got.DisabledAt == nil || got.DisabledReason != webhook.DisabledFailing {
		t.Fatalf("after a day of failures: disabled %v (%q), want disabled as failing", got.DisabledAt, got.DisabledReason)
	}
	// Disabled, the next try sends nothing and the job stops.
	if err := endpoints.Deliver(ctx, client, d, day2.Add(webhook.DisableAfter+time.Hour), false); !errors.Is(err, webhook.ErrGone) {
		t.Errorf("a delivery to a disabled endpoint: %v, want ErrGone", err)
	}
	var emails, audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM outbound_emails WHERE kind = 'webhook_disabled'
		AND recipient = 'owner@sabores.test' AND webhook_endpoint_id = $1`, ep.ID).Scan(&emails); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action = 'webhook.disable' AND entity = $1`,
		fmt.Sprintf("webhook:%d", ep.ID)).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if emails != 1 || audited != 1 {
		t.Errorf("%d e-mails to the owner and %d audit events of the disabling, want 1 and 1", emails, audited)
	}
	log, err := endpoints.Deliveries(ctx, ep.ID, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Status != webhook.StatusFailed || log[0].Attempts != webhook.DisableMinFailures+1 || log[0].ResponseCode != http.StatusBadGateway ||
		log[1].Status != webhook.StatusDelivered || log[1].Attempts != 13 {
		t.Errorf("delivery log %+v, want the second event failed after %d tries, last answered 502, and the first delivered at its 13th", log, webhook.DisableMinFailures+1)
	}

	// Enabled again, with a clean slate, audited; "send again" queues it.
	if _, err := endpoints.WithQueue(jobs.NewWebhookQueue(river)).Redeliver(ctx, by, log[0].ID); err == nil {
		t.Error("sent again to a disabled endpoint")
	}
	again, err := endpoints.SetEnabled(ctx, by, ep.ID, true, day2.Add(30*time.Hour))
	if err != nil || again.DisabledAt != nil || again.Failures != 0 {
		t.Fatalf("enable: %+v, %v", again, err)
	}
	if _, err := endpoints.WithQueue(jobs.NewWebhookQueue(river)).Redeliver(ctx, by, log[0].ID); err != nil {
		t.Fatal(err)
	}
	var queued int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'deliver_webhook'
		AND args->>'event_id' = $1`, event.String()).Scan(&queued); err != nil {
		t.Fatal(err)
	}
	if queued != 1 {
		t.Errorf("%d delivery jobs after send again, want 1", queued)
	}
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE action IN ('webhook.enable', 'webhook.redeliver')
		AND entity = $1`, fmt.Sprintf("webhook:%d", ep.ID)).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Errorf("%d audit events for enable and send again, want 2", audited)
	}
}

// TestAStaleRetryLeavesADeliveredEventAlone: a failed try's retry still
// queued when the event was delivered another way (sent again from the
// back office) neither sends it twice nor, with the endpoint disabled
// since, marks it failed.
func TestAStaleRetryLeavesADeliveredEventAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	var requests atomic.Int32
	status := atomic.Int32{}
	status.Store(http.StatusInternalServerError)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		requests.Add(1)
		w.WriteHeader(int(status.Load()))
	}))
	defer srv.Close()
	owner := dbtest.Admin(t, pool, "sabores", dbtest.PersonOpts{Subject: "owner", Email: "owner@sabores.test"})
	by := audit.Caller{Name: "owner@sabores.test", UserID: owner}
	endpoints := webhook.New(pool)
	ep, err := endpoints.Create(ctx, by, srv.URL, []string{"stock.changed"})
	if err != nil {
		t.Fatal(err)
	}
	var event uuid.UUID
	if err := pool.QueryRow(ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 1}') RETURNING id`).Scan(&event); err != nil {
		t.Fatal(err)
	}
	client := webhook.Client(true, 5*time.Second)
	d := webhook.Delivery{EndpointID: ep.ID, EventID: event}
	now := time.Now()
	if err := endpoints.Deliver(ctx, client, d, now, false); err == nil {
		t.Fatal("a 500 was taken as delivered")
	}
	status.Store(http.StatusNoContent)
	if err := endpoints.Deliver(ctx, client, d, now.Add(time.Minute), false); err != nil {
		t.Fatalf("sent again: %v", err)
	}

	// The first try's retry, with the endpoint enabled, then disabled.
	if err := endpoints.Deliver(ctx, client, d, now.Add(2*time.Minute), false); err != nil {
		t.Errorf("stale retry of a delivered event: %v, want nothing to do", err)
	}
	if _, err := endpoints.SetEnabled(ctx, by, ep.ID, false, now.Add(3*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := endpoints.Deliver(ctx, client, d, now.Add(4*time.Minute), false); err != nil {
		t.Errorf("stale retry to a disabled endpoint of a delivered event: %v, want nothing to do", err)
	}
	if n := requests.Load(); n != 2 {
		t.Errorf("the receiver had %d requests, want 2 (the failure and the delivery)", n)
	}
	log, err := endpoints.Deliveries(ctx, ep.ID, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 1 || log[0].Status != webhook.StatusDelivered || log[0].Attempts != 2 || log[0].ResponseCode != http.StatusNoContent {
		t.Errorf("delivery log %+v, want one delivery delivered at its second try, answered 204", log)
	}
}

// TestDispatchSaysWhatIsHeldBack: a pass that reads an event but not the
// one committed after an older transaction still running says events are
// waiting. That transaction's end notifies nobody, so a dispatcher told
// otherwise slept until its sweep (a minute; an hour in a test that timed
// out waiting for its order.paid).
func TestDispatchSaysWhatIsHeldBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	insert := func() uuid.UUID {
		t.Helper()
		var id uuid.UUID
		if err := pool.QueryRow(ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 1}') RETURNING id`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	dispatch := func() webhook.Pass {
		t.Helper()
		var pass webhook.Pass
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
			pass, err = webhook.Dispatch(ctx, tx)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		return pass
	}
	insert()
	older := dbtest.OlderTransaction(t, pool)
	insert()
	// The test server is shared: another database's transaction may hold
	// the first event back for a moment too.
	var pass webhook.Pass
	testwait.Until(t, 30*time.Second, "the first event read", func() bool {
		pass = dispatch()
		return pass.Read > 0
	})
	if pass.Read != 1 || !pass.Waiting {
		t.Fatalf("pass read %d events, waiting %v; want 1 read and the second waiting", pass.Read, pass.Waiting)
	}
	if err := older.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	testwait.Until(t, 30*time.Second, "the second event read", func() bool {
		pass = dispatch()
		return pass.Read > 0
	})
	if pass.Read != 1 || pass.Waiting {
		t.Fatalf("pass read %d events, waiting %v; want the second read and none waiting", pass.Read, pass.Waiting)
	}
}
