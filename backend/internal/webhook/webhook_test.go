package webhook_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/audit"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/webhook"
)

// TestRotationSignsWithBothSecretsForADay: after a rotation a delivery
// verifies under the old secret and under the new one alone, so the
// receiver switches when it likes; a day later only the new one signs.
func TestRotationSignsWithBothSecretsForADay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	var header http.Header
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		header = r.Header.Clone()
		body, _ = io.ReadAll(r.Body)
	}))
	defer srv.Close()
	endpoints := webhook.New(pool)
	created, err := endpoints.Create(ctx, audit.Caller{Name: "owner@sabores.test"}, srv.URL, []string{"stock.changed"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	rotated, err := endpoints.Rotate(ctx, audit.Caller{Name: "owner@sabores.test"}, created.ID, now)
	if err != nil {
		t.Fatal(err)
	}
	var event uuid.UUID
	// deliver sends a new event at at.
	deliver := func(at time.Time) {
		t.Helper()
		if err := pool.QueryRow(ctx, `INSERT INTO api_events (type, data) VALUES ('stock.changed', '{"product_id": 1}') RETURNING id`).Scan(&event); err != nil {
			t.Fatal(err)
		}
		if err := endpoints.Deliver(ctx, webhook.Client(true, 5*time.Second),
			webhook.Delivery{EndpointID: created.ID, EventID: event}, at, false); err != nil {
			t.Fatal(err)
		}
	}
	deliver(now)
	if header.Get("webhook-id") != event.String() {
		t.Errorf("webhook-id %q, want the event's id %s", header.Get("webhook-id"), event)
	}
	for name, secret := range map[string]string{"old": created.Secret, "new": rotated.Secret} {
		if err := webhook.Verify([]string{secret}, header, body, now); err != nil {
			t.Errorf("during the overlap, under the %s secret alone: %v", name, err)
		}
	}
	later := now.Add(webhook.RotationOverlap + time.Minute)
	deliver(later)
	if err := webhook.Verify([]string{created.Secret}, header, body, later); err == nil {
		t.Error("the old secret still signs after the overlap")
	}
	if err := webhook.Verify([]string{rotated.Secret}, header, body, later); err != nil {
		t.Errorf("after the overlap, under the new secret: %v", err)
	}
	var audited int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM audit_events WHERE entity = $1 AND action IN ('webhook.create', 'webhook.rotate')
		AND NOT (coalesce(new_value::text, '') LIKE '%whsec%')`, fmt.Sprintf("webhook:%d", created.ID)).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Errorf("%d audit events without a secret, want the creation and the rotation", audited)
	}
}
