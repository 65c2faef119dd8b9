package auth_test

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/auth"
)

// TestRevokeAdminLasts: taking admin away ends it for the signed-in person
// at once and for good: the grant that made them admin was consumed at their
// first sign-in, so signing in again does not bring the role back. Grant,
// use and revocation are in the audit trail.
func TestRevokeAdminLasts(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{})
	ctx := context.Background()
	if err := auth.GrantAdmin(ctx, s.pool, "boss@sabores.es"); err != nil {
		t.Fatal(err)
	}
	b := s.browser(t)
	s.signIn(t, b, "", email("boss@sabores.es"))
	if p := s.whoami(t, b); p.Role != auth.RoleAdmin {
		t.Fatalf("granted person signed in as %v, want admin", p.Role)
	}
	var grants int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM admin_grants`).Scan(&grants); err != nil {
		t.Fatal(err)
	}
	if grants != 0 {
		t.Errorf("%d grants left after the sign-in that used it, want 0", grants)
	}

	if err := auth.RevokeAdmin(ctx, s.pool, "Boss@Sabores.es"); err != nil {
		t.Fatalf("RevokeAdmin: %v", err)
	}
	if p := s.whoami(t, b); p.Role != auth.RoleClient {
		t.Errorf("after revocation the open session is %v, want client", p.Role)
	}
	again := s.browser(t)
	s.signIn(t, again, "", email("boss@sabores.es"))
	if p := s.whoami(t, again); p.Role != auth.RoleClient {
		t.Errorf("signing in again after revocation gives %v, want client", p.Role)
	}

	// A grant to someone who has not signed in yet can be withdrawn too.
	if err := auth.GrantAdmin(ctx, s.pool, "next@sabores.es"); err != nil {
		t.Fatal(err)
	}
	if err := auth.RevokeAdmin(ctx, s.pool, "next@sabores.es"); err != nil {
		t.Fatal(err)
	}
	nb := s.browser(t)
	s.signIn(t, nb, "", email("next@sabores.es"))
	if p := s.whoami(t, nb); p.Role != auth.RoleClient {
		t.Errorf("withdrawn grant still made %v", p.Role)
	}

	rows, err := s.pool.Query(ctx, `SELECT action || ' ' || entity FROM audit_events ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		got = append(got, a)
	}
	want := []string{
		"admin.grant admin:boss@sabores.es", "admin.grant_used admin:boss@sabores.es", "admin.revoke admin:boss@sabores.es",
		"admin.grant admin:next@sabores.es", "admin.revoke admin:next@sabores.es",
	}
	if len(got) != len(want) {
		t.Fatalf("audit trail = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("audit event %d = %q, want %q", i, got[i], want[i])
		}
	}
}
