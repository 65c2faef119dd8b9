package auth

import (
	"net/http"
	"testing"
	"time"
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
