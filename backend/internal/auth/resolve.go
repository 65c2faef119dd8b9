package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
)

// errBadCredentials marks an Authorization header that names no working key.
var errBadCredentials = errors.New("auth: invalid credentials")

type rejectedKey struct{}

// CredentialsRejected reports whether the request carried an Authorization
// header that was refused (an unknown, malformed or revoked API key). Such a
// caller meant to authenticate and failed: every procedure answers
// Unauthenticated rather than quietly treating it as anonymous.
func CredentialsRejected(ctx context.Context) bool {
	rejected, _ := ctx.Value(rejectedKey{}).(bool)
	return rejected
}

// Middleware resolves who is calling, from an API key in
// "Authorization: Bearer" or else from the session cookie, and puts the
// Principal in the request's context for the authorization interceptor and
// the services. It decides nothing about access itself. A stale session
// cookie is cleared and the caller continues as anonymous; a session in the
// second half of its life is extended and its cookie renewed. When the
// database cannot be asked, the request fails with 503 instead of running
// with the wrong identity.
func (s *Service) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		p, err := s.resolve(w, r)
		switch {
		case errors.Is(err, errBadCredentials):
			ctx = context.WithValue(ctx, rejectedKey{}, true)
		case err != nil:
			slog.WarnContext(ctx, "cannot resolve the caller", "error", err)
			http.Error(w, "service temporarily unavailable", http.StatusServiceUnavailable)
			return
		}
		next.ServeHTTP(w, r.WithContext(WithPrincipal(ctx, p)))
	})
}

// resolve finds the caller of r, setting or clearing the session cookie on w
// when needed.
func (s *Service) resolve(w http.ResponseWriter, r *http.Request) (Principal, error) {
	if header := r.Header.Get("Authorization"); header != "" {
		return s.resolveAPIKey(r.Context(), header)
	}
	token := s.sessionToken(r)
	if token == "" {
		return Principal{}, nil
	}
	p, renewed, err := s.resolveSession(r.Context(), token)
	if errors.Is(err, pgx.ErrNoRows) {
		http.SetCookie(w, s.clearedSessionCookie())
		return Principal{}, nil
	}
	if err != nil {
		return Principal{}, err
	}
	if !renewed.IsZero() {
		http.SetCookie(w, s.sessionCookieFor(token, renewed))
	}
	return p, nil
}

// resolveAPIKey authenticates an "Authorization: Bearer sab_…" header.
func (s *Service) resolveAPIKey(ctx context.Context, header string) (Principal, error) {
	scheme, secret, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || !strings.HasPrefix(secret, APIKeyPrefix) {
		return Principal{}, errBadCredentials
	}
	key, err := s.queries.APIKeyBySecretHash(ctx, hashToken(secret))
	if errors.Is(err, pgx.ErrNoRows) {
		return Principal{}, errBadCredentials
	}
	if err != nil {
		return Principal{}, fmt.Errorf("auth: look up API key: %w", err)
	}
	if err := s.queries.APIKeyTouch(ctx, key.ID); err != nil {
		slog.WarnContext(ctx, "cannot record API key use", "api_key_id", key.ID, "error", err)
	}
	return Principal{
		Role:       RoleAdmin,
		APIKeyID:   key.ID,
		APIKeyName: key.Name,
		ReadOnly:   key.Scope != ScopeAdmin,
	}, nil
}

// resolveSession finds the live session of token (pgx.ErrNoRows when there
// is none) and returns the new expiry when it was extended.
func (s *Service) resolveSession(ctx context.Context, token string) (Principal, time.Time, error) {
	sess, err := s.queries.SessionByTokenHash(ctx, hashToken(token))
	if err != nil {
		return Principal{}, time.Time{}, fmt.Errorf("auth: look up session: %w", err)
	}
	p := Principal{
		UserID: sess.UserID,
		Email:  sess.Email,
		Name:   sess.FullName,
		Role:   s.roleOf(ctx, sess.UserID, sess.Email),
	}
	if time.Until(sess.ExpiresAt) > s.cfg.SessionTTL/2 {
		return p, time.Time{}, nil
	}
	renewed := time.Now().Add(s.cfg.SessionTTL)
	if err := s.queries.SessionRenew(ctx, db.SessionRenewParams{ID: sess.ID, ExpiresAt: renewed}); err != nil {
		slog.WarnContext(ctx, "cannot extend session", "user_id", sess.UserID, "error", err)
		return p, time.Time{}, nil
	}
	return p, renewed, nil
}

// roleOf decides a user's role: admin when listed in the configuration or an
// active admin of the shop's company, client otherwise. A failed lookup
// counts as client, the least privilege, and is logged.
func (s *Service) roleOf(ctx context.Context, userID int64, email string) Role {
	if s.adminEmails[strings.ToLower(email)] {
		return RoleAdmin
	}
	isAdmin, err := s.queries.UserIsCompanyAdmin(ctx, db.UserIsCompanyAdminParams{UserID: userID, Company: Company})
	if err != nil {
		slog.WarnContext(ctx, "role lookup failed, treating the user as a client", "user_id", userID, "error", err)
		return RoleClient
	}
	if isAdmin {
		return RoleAdmin
	}
	return RoleClient
}
