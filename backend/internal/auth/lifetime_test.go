package auth_test

import (
	"context"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
)

// TestSessionAbsoluteLifetime: use extends a session, but never past its
// absolute lifetime from sign-in, which is much shorter for admins.
func TestSessionAbsoluteLifetime(t *testing.T) {
	t.Parallel()
	s := newShop(t, auth.Config{
		SessionTTL: time.Hour, SessionMaxAge: 3 * time.Hour, AdminSessionMaxAge: 90 * time.Minute,
		AdminEmails: []string{"boss@example.com"},
	})
	ctx := context.Background()
	client, admin := s.browser(t), s.browser(t)
	s.signIn(t, client, "", email("maria@example.com"))
	s.signIn(t, admin, "", email("boss@example.com"))
	age := func(who, created, expires string) {
		t.Helper()
		if _, err := s.pool.Exec(ctx, `UPDATE sessions s SET created_at = now() - $2::interval, expires_at = now() + $3::interval
			FROM users u WHERE u.id = s.user_id AND u.email = $1`, who, created, expires); err != nil {
			t.Fatal(err)
		}
	}
	expiresIn := func(who string) time.Duration {
		t.Helper()
		var secs float64
		if err := s.pool.QueryRow(ctx, `SELECT extract(epoch FROM s.expires_at - now())::float8
			FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`, who).Scan(&secs); err != nil {
			t.Fatal(err)
		}
		return time.Duration(secs * float64(time.Second))
	}

	// An admin session is born with the admin lifetime, not the TTL.
	if left := expiresIn("boss@example.com"); left > 61*time.Minute {
		t.Errorf("new admin session expires in %v, want at most the hour of its TTL", left)
	}
	// Near the end of its lifetime a used session is extended only up to it.
	age("maria@example.com", "2 hours 50 minutes", "5 minutes")
	if p := s.whoami(t, client); p.UserID == 0 {
		t.Fatal("a live session was not recognised")
	}
	if left := expiresIn("maria@example.com"); left > 11*time.Minute {
		t.Errorf("session 10 minutes from its lifetime now expires in %v", left)
	}
	// Past its lifetime a session is over, whatever its expiry says.
	age("maria@example.com", "3 hours 1 minute", "50 minutes")
	if p := s.whoami(t, client); p.UserID != 0 {
		t.Errorf("a session past its absolute lifetime still works: %+v", p)
	}
	// An admin's lifetime is shorter: 2 hours is past it, not a client's.
	age("boss@example.com", "2 hours", "50 minutes")
	if p := s.whoami(t, admin); p.UserID != 0 {
		t.Errorf("an admin session past the admin lifetime still works: %+v", p)
	}
}
