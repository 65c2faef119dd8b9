package auth

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
)

// Over HTTPS the session cookie is Secure and carries the __Host- prefix.
func TestSessionCookieOverHTTPS(t *testing.T) {
	t.Parallel()
	cfg, err := Config{PublicURL: "https://sabores.es/"}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	s := &Service{cfg: cfg}
	c := s.sessionCookieFor("token", time.Now().Add(time.Hour))
	if c.Name != "__Host-sabores_session" || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" {
		t.Errorf("cookie over HTTPS = %+v", c)
	}
	if cleared := s.clearedSessionCookie(); cleared.Name != c.Name || cleared.MaxAge >= 0 || !cleared.Secure {
		t.Errorf("cleared cookie = %+v", cleared)
	}
	if cfg.SessionTTL != 30*24*time.Hour || cfg.GoogleIssuer != "https://accounts.google.com" || cfg.PublicURL != "https://sabores.es" {
		t.Errorf("defaults = %+v", cfg)
	}
	if _, err := (Config{PublicURL: "sabores.es"}).withDefaults(); err == nil {
		t.Error("a public URL without scheme was accepted")
	}
}

// A role that cannot be looked up is the least privilege: client.
func TestRoleLookupFailureIsClient(t *testing.T) {
	t.Parallel()
	pool, err := pgxpool.New(context.Background(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=1")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := &Service{queries: db.New(pool), adminEmails: map[string]bool{"boss@example.com": true}}
	if got := s.roleOf(context.Background(), 1, "maria@example.com"); got != RoleClient {
		t.Errorf("failed lookup gave %v, want client", got)
	}
	if got := s.roleOf(context.Background(), 1, "Boss@Example.com"); got != RoleAdmin {
		t.Errorf("ADMIN_EMAILS member gave %v, want admin without asking the database", got)
	}
}
