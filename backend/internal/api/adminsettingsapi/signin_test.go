package adminsettingsapi_test

import (
	"context"
	"sync"
	"testing"

	"connectrpc.com/connect"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/adminsettingsapi"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/shopsettings"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// signInStatus is a fixed sign-in setup.
type signInStatus struct{ google, dev bool }

func (s signInStatus) GoogleConfigured() bool { return s.google }
func (s signInStatus) DevSignIn() bool        { return s.dev }

type signInShop struct {
	pool *pgxpool.Pool
	svc  *adminsettingsapi.Handler
	ctx  context.Context
}

// signInFixture is a shop with an admin signed in and the development
// sign-in provider on.
func signInFixture(t *testing.T) signInShop {
	t.Helper()
	pool := dbtest.New(t)
	adminID := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: "https://dev.sabores.local", Subject: "dev-admin", Email: "admin@sabores.es", Name: "Admin Sabores"})
	ctx := auth.WithPrincipal(context.Background(), auth.Principal{UserID: adminID, Email: "admin@sabores.es", Role: auth.RoleAdmin})
	return signInShop{pool: pool, svc: adminsettingsapi.New(shopsettings.New(pool)).WithSignIn(signInStatus{dev: true}, pool), ctx: ctx}
}

func (f signInShop) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(f.ctx, sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSignInConfig(t *testing.T) {
	t.Parallel()
	f := signInFixture(t)
	got, err := f.svc.GetSignInConfig(f.ctx, connect.NewRequest(&saboresv1.GetSignInConfigRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Msg.Config; c.Configured || c.UpdateTime != nil || !c.DevProviderEnabled || c.GoogleClientConfigured {
		t.Errorf("initial status = %v, want pending, never updated, dev provider on", c)
	}
	if _, err := f.svc.UpdateSignInConfig(f.ctx, connect.NewRequest(&saboresv1.UpdateSignInConfigRequest{Configured: true, CustomBranding: true})); err != nil {
		t.Fatal(err)
	}
	got, err = f.svc.GetSignInConfig(f.ctx, connect.NewRequest(&saboresv1.GetSignInConfigRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if c := got.Msg.Config; !c.Configured || !c.CustomBranding || c.UpdateTime == nil || c.UpdatedBy != "admin@sabores.es" {
		t.Errorf("status after update = %v", c)
	}
	if n := f.count(t, `SELECT count(*) FROM audit_events WHERE action = 'signin.config' AND old_value IS NULL`); n != 1 {
		t.Errorf("%d audit rows for the sign-in status, want 1", n)
	}
}

// TestSignInConfigAuditUnderConcurrentSaves: admins saving the sign-in
// status at once leave an audit trail in which each change's old value is
// the previous change's new value.
func TestSignInConfigAuditUnderConcurrentSaves(t *testing.T) {
	t.Parallel()
	f := signInFixture(t)
	// The first save creates the row; the race is over replacing it.
	if _, err := f.svc.UpdateSignInConfig(f.ctx, connect.NewRequest(&saboresv1.UpdateSignInConfigRequest{})); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			req := &saboresv1.UpdateSignInConfigRequest{Configured: i%2 == 0, CustomBranding: i%3 == 0}
			if _, err := f.svc.UpdateSignInConfig(f.ctx, connect.NewRequest(req)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	rows, err := f.pool.Query(f.ctx, `SELECT old_value::text, new_value::text FROM audit_events
		WHERE action = 'signin.config' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var previous *string
	n := 0
	for rows.Next() {
		var before *string
		var after string
		if err := rows.Scan(&before, &after); err != nil {
			t.Fatal(err)
		}
		if (before == nil) != (previous == nil) || before != nil && *before != *previous {
			t.Errorf("change %d: old value %v, but the change before it saved %v", n, deref(before), deref(previous))
		}
		previous = &after
		n++
	}
	if n != 13 {
		t.Errorf("%d audit rows, want 13", n)
	}
}

func deref(s *string) string {
	if s == nil {
		return "NULL"
	}
	return *s
}
