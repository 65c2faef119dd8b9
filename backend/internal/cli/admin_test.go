package cli

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

func TestAdminGrant(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	env := map[string]string{"DATABASE_URL": dbtest.URL(pool)}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	ctx := context.Background()

	var out strings.Builder
	if err := Run(ctx, []string{"admin", "grant", "Boss@Sabores.es"}, lookup, &out, io.Discard); err != nil {
		t.Fatalf("admin grant: %v", err)
	}
	if !strings.Contains(out.String(), "is an admin") {
		t.Errorf("admin grant printed %q", out.String())
	}
	var granted bool
	if err := pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM admin_grants WHERE email = 'boss@sabores.es')`).Scan(&granted); err != nil {
		t.Fatal(err)
	}
	if !granted {
		t.Error("no admin grant recorded for boss@sabores.es")
	}

	for _, args := range [][]string{{"admin", "grant"}, {"admin", "grant", "not-an-email"}} {
		if err := Run(ctx, args, lookup, io.Discard, io.Discard); err == nil {
			t.Errorf("%q succeeded, want an error", args)
		}
	}
}

// TestAdminRevoke: `shopd admin revoke EMAIL` withdraws a waiting grant (and
// demotes a signed-in admin, see auth.TestRevokeAdminLasts); an email that
// is no admin is an error.
func TestAdminRevoke(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	env := map[string]string{"DATABASE_URL": dbtest.URL(pool)}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	ctx := context.Background()
	if err := Run(ctx, []string{"admin", "grant", "boss@sabores.es"}, lookup, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := Run(ctx, []string{"admin", "revoke", "Boss@Sabores.es"}, lookup, &out, io.Discard); err != nil {
		t.Fatalf("admin revoke: %v", err)
	}
	if !strings.Contains(out.String(), "no longer an admin") {
		t.Errorf("admin revoke printed %q", out.String())
	}
	var grants, audited int
	if err := pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM admin_grants), (SELECT count(*) FROM audit_events WHERE action = 'admin.revoke')`).Scan(&grants, &audited); err != nil {
		t.Fatal(err)
	}
	if grants != 0 || audited != 1 {
		t.Errorf("after revoke: %d grants, %d revocations audited; want 0 and 1", grants, audited)
	}
	for _, args := range [][]string{{"admin", "revoke"}, {"admin", "revoke", "boss@sabores.es"}, {"admin", "revoke", "not-an-email"}} {
		if err := Run(ctx, args, lookup, io.Discard, io.Discard); err == nil {
			t.Errorf("%q succeeded, want an error", args)
		}
	}
}
