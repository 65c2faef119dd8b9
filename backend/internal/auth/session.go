package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"time"

	"github.com/sabores/sabores/backend/internal/db"
)

// Session cookie names. Over HTTPS the __Host- prefix makes browsers refuse
// the cookie unless it is Secure, host-only and for the whole site, so a
// sibling subdomain cannot plant one.
const (
	sessionCookie       = "sabores_session"
	secureSessionCookie = "__Host-sabores_session"
)

// tokenBytes is the entropy of session tokens and API key secrets.
const tokenBytes = 32

// newToken returns a random URL-safe token of tokenBytes bytes.
func newToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("auth: random token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// hashToken is what the database keeps of a session token or API key
// secret: a leaked table opens no account. The tokens are random, so a plain
// SHA-256 needs no salt or stretching.
func hashToken(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// cookieName is the session cookie's name for this configuration.
func (s *Service) cookieName() string {
	if s.cfg.secure() {
		return secureSessionCookie
	}
	return sessionCookie
}

// createSession stores a new session for userID, who has role, and returns
// its token.
func (s *Service) createSession(ctx context.Context, userID int64, role Role) (string, time.Time, error) {
	token, err := newToken()
	if err != nil {
		return "", time.Time{}, err
	}
	now := time.Now()
	expires, _ := sessionExpiry(now, now, s.cfg.SessionTTL, s.cfg.maxAge(role))
	if err := s.queries.SessionCreate(ctx, db.SessionCreateParams{
		TokenHash: hashToken(token), UserID: userID, ExpiresAt: expires,
	}); err != nil {
		return "", time.Time{}, fmt.Errorf("auth: create session: %w", err)
	}
	return token, expires, nil
}

// sessionCookieFor is the cookie carrying token until expires: HttpOnly so
// scripts never see it, SameSite=Lax so other sites' forms and fetches do not
// carry it, Secure over HTTPS.
func (s *Service) sessionCookieFor(token string, expires time.Time) *http.Cookie {
	return &http.Cookie{
		Name:     s.cookieName(),
		Value:    token,
		Path:     "/",
		Expires:  expires,
		MaxAge:   int(time.Until(expires).Seconds()),
		HttpOnly: true,
		Secure:   s.cfg.secure(),
		SameSite: http.SameSiteLaxMode,
	}
}

// clearedSessionCookie tells the browser to forget the session cookie.
func (s *Service) clearedSessionCookie() *http.Cookie {
	return &http.Cookie{
		Name:     s.cookieName(),
		Value:    "",
		Path:     "/",
		MaxAge:   -1,
		HttpOnly: true,
		Secure:   s.cfg.secure(),
		SameSite: http.SameSiteLaxMode,
	}
}

// sessionToken returns the session token the request carries, if any.
func (s *Service) sessionToken(r *http.Request) string {
	c, err := r.Cookie(s.cookieName())
	if err != nil {
		return ""
	}
	return c.Value
}

// deleteSession ends the session of token; an unknown token is no error.
func (s *Service) deleteSession(ctx context.Context, token string) error {
	if err := s.queries.SessionDelete(ctx, hashToken(token)); err != nil {
		return fmt.Errorf("auth: delete session: %w", err)
	}
	return nil
}
