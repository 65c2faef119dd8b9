package jobs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/jobs"
	"github.com/sabores/sabores/backend/internal/jobs/jobstest"
	"github.com/sabores/sabores/backend/internal/mail"
	"github.com/sabores/sabores/backend/internal/mailtest"
	"github.com/sabores/sabores/backend/internal/order"
)

// TestOwnersAreWarnedOnceOfKeysExpiringIn14Days: on a fixed clock, the
// periodic pass e-mails the owner of the key expiring within 14 days,
// not of the one expiring later, nor of a revoked one; a later pass
// warns of no key twice, and of the later key once its 14 days begin.
func TestOwnersAreWarnedOnceOfKeysExpiringIn14Days(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	pit := mailtest.Start(t)
	now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
	owner := dbtest.Admin(t, pool, "sabores", dbtest.PersonOpts{Subject: "owner", Email: "owner@sabores.test"})
	q := db.New(pool)
	key := func(name string, expires time.Time) int64 {
		t.Helper()
		k, err := auth.CreateAPIKey(ctx, q, name, []string{"orders_read"}, &expires, &owner)
		if err != nil {
			t.Fatal(err)
		}
		return k.ID
	}
	key("ERP nocturno", now.Add(10*24*time.Hour))
	later := now.Add(20 * 24 * time.Hour)
	key("Almacén", later)
	revoked := key("Antigua", now.Add(5*24*time.Hour))
	if _, err := q.APIKeyRevoke(ctx, revoked); err != nil {
		t.Fatal(err)
	}

	sender, err := mail.NewSender(mail.Settings{Host: pit.SMTPHost, Port: pit.SMTPPort, TLS: "none", From: "Sabores <tienda@sabores.test>"})
	if err != nil {
		t.Fatal(err)
	}
	client, err := jobs.NewClient(pool, jobs.Options{
		PaymentWindows: order.DefaultPaymentWindows(), Sender: sender, Identity: identity{}, From: "tienda@sabores.test",
		Now: func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	jobstest.Start(t, client)
	jobstest.WaitRuns(t, pool, "warn_expiring_api_keys", now.Add(-time.Hour), 1)
	jobstest.WaitSettled(t, pool, "send_email")
	msgs := pit.Messages(t)
	if len(msgs) != 1 || !strings.Contains(msgs[0].Subject, "ERP nocturno") || msgs[0].To[0].Address != "owner@sabores.test" {
		t.Fatalf("e-mails %+v, want one to owner@sabores.test about «ERP nocturno»", msgs)
	}
	if text := pit.Text(t, msgs[0].ID); !strings.Contains(text, "/admin/api-keys") {
		t.Errorf("the e-mail does not link the keys screen:\n%s", text)
	}

	queue := jobs.NewMailQueue(client, "tienda@sabores.test")
	if n, err := auth.WarnExpiringKeys(ctx, pool, queue, now.Add(24*time.Hour)); err != nil || n != 0 {
		t.Errorf("a day later: %d keys warned of (%v), want none: each once", n, err)
	}
	if n, err := auth.WarnExpiringKeys(ctx, pool, queue, later.Add(-auth.KeyExpiryNotice)); err != nil || n != 1 {
		t.Errorf("14 days before the later key expires: %d keys warned of (%v), want 1", n, err)
	}
}
