package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/ratelimit"
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

// renewalKey holds the session cookie Resolve found must be renewed or
// cleared, for AnswerHeaders to send with the answer.
type renewalKey struct{}

// Resolve returns ctx carrying who is calling, from an API key in
// "Authorization: Bearer" or else from the session cookie in h. It reads
// headers only, so the server calls it before any byte of a request's body
// is read (authz.Gate), and decides nothing about access itself. A stale
// session cookie is cleared and the caller continues as anonymous; a
// session in the second half of its life is extended. When the database
// cannot be asked, the error is Unavailable instead of running with the
// wrong identity.
func (s *Service) Resolve(ctx context.Context, h http.Header) (context.Context, error) {
	ctx, cookie, err := s.resolve(ctx, h)
	if cookie != nil {
		ctx = context.WithValue(ctx, renewalKey{}, cookie)
	}
	return ctx, err
}

// AnswerHeaders adds to an answer's headers what Resolve decided about the
// session cookie (renewed or cleared) and marks an answer to an identified
// caller as not to be stored (personal): both belong to the response,
// which only exists once the handler ran (authz.Answers).
func AnswerHeaders(ctx context.Context, h http.Header) {
	if cookie, ok := ctx.Value(renewalKey{}).(*http.Cookie); ok {
		h.Add("Set-Cookie", cookie.String())
	}
	personal(ctx, h)
}

// resolve returns ctx carrying the caller of a request with header h, and
// the cookie to send back when the session cookie must be renewed or cleared.
func (s *Service) resolve(ctx context.Context, h http.Header) (context.Context, *http.Cookie, error) {
	if auth := h.Get("Authorization"); auth != "" {
		p, err := s.resolveAPIKey(ctx, auth)
		if errors.Is(err, errBadCredentials) {
			return context.WithValue(ctx, rejectedKey{}, true), nil, nil
		}
		if err != nil {
			slog.WarnContext(ctx, "cannot resolve the caller", "error", err)
			return ctx, nil, ErrUnavailable
		}
		return WithPrincipal(ctx, p), nil, nil
	}
	token := s.sessionToken(&http.Request{Header: h})
	if token == "" {
		return ctx, nil, nil
	}
	p, renewed, err := s.resolveSession(ctx, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return ctx, s.clearedSessionCookie(), nil
	}
	if err != nil {
		slog.WarnContext(ctx, "cannot resolve the caller", "error", err)
		return ctx, nil, ErrUnavailable
	}
	var cookie *http.Cookie
	if !renewed.IsZero() {
		cookie = s.sessionCookieFor(token, renewed)
	}
	return WithPrincipal(ctx, p), cookie, nil
}

// personal marks the answer to an identified caller (a session or an API
// key) as not to be stored by browsers or shared caches: over GET, orders,
// customers or dashboards would otherwise be kept like catalogue pages. An
// answer that set its own Cache-Control (the public catalogue, the same for
// everyone) keeps it.
func personal(ctx context.Context, h http.Header) {
	if p := FromContext(ctx); p.Role != RoleAnonymous && h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
}

// ErrUnavailable is Resolve's error when the database cannot say who is
// calling: the call is answered Unavailable rather than run as anonymous.
var ErrUnavailable = errors.New("auth: service temporarily unavailable")

// apiKeyTouchInterval is how often a key's last use is recorded, as the
// APIKeyTouch query also enforces.
const apiKeyTouchInterval = time.Minute

// resolveAPIKey authenticates an "Authorization: Bearer sab_…" header.
func (s *Service) resolveAPIKey(ctx context.Context, header string) (Principal, error) {
	scheme, secret, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || !strings.HasPrefix(secret, APIKeyPrefix) {
		return Principal{}, errBadCredentials
	}
	key, err := s.queries.APIKeyBySecretHash(ctx, db.APIKeyBySecretHashParams{SecretHash: hashToken(secret), Company: Company})
	if errors.Is(err, pgx.ErrNoRows) {
		return Principal{}, errBadCredentials
	}
	if err != nil {
		return Principal{}, fmt.Errorf("auth: look up API key: %w", err)
	}
	// A key acts for its creator: it can do no more than they can now.
	if s.role(key.CreatorEmail, key.CreatorCompanyAdmin, false) != RoleAdmin {
		return Principal{}, errBadCredentials
	}
	// APIKeyTouch writes at most once a minute; a key used within the minute
	// needs no round trip to find that out.
	if key.LastUsedAt == nil || time.Since(*key.LastUsedAt) >= apiKeyTouchInterval {
		if err := s.queries.APIKeyTouch(ctx, key.ID); err != nil {
			slog.WarnContext(ctx, "cannot record API key use", "api_key_id", key.ID, "error", err)
		}
	}
	return Principal{
		Role:     RoleAdmin,
		APIKeyID: key.ID,
		Scopes:   key.Scopes,
	}, nil
}

// resolveSession finds the live session of token (pgx.ErrNoRows when there
// is none, or it outlived its absolute lifetime, which depends on the
// caller's role now) and returns the new expiry when it was extended.
func (s *Service) resolveSession(ctx context.Context, token string) (Principal, time.Time, error) {
	sess, err := s.queries.SessionByTokenHash(ctx, db.SessionByTokenHashParams{TokenHash: hashToken(token), Company: Company})
	if err != nil {
		return Principal{}, time.Time{}, fmt.Errorf("auth: look up session: %w", err)
	}
	p := Principal{
		UserID: sess.UserID,
		Email:  sess.Email,
		Name:   sess.FullName,
		Role:   s.role(sess.Email, sess.CompanyAdmin, sess.CompanyTill),
		// The audit trail names the session a change came through.
		SessionID: sess.ID, SessionStart: sess.CreatedAt,
	}
	now := time.Now()
	renewed, alive := sessionExpiry(sess.CreatedAt, now, s.cfg.SessionTTL, s.cfg.maxAge(p.Role))
	if !alive {
		if err := s.queries.SessionDelete(ctx, hashToken(token)); err != nil {
			slog.WarnContext(ctx, "cannot delete a session past its lifetime", "user_id", sess.UserID, "error", err)
		}
		return Principal{}, time.Time{}, fmt.Errorf("auth: session past its lifetime: %w", pgx.ErrNoRows)
	}
	if sess.ExpiresAt.Sub(now) > s.cfg.SessionTTL/2 || !renewed.After(sess.ExpiresAt) {
		return p, time.Time{}, nil
	}
	if err := s.queries.SessionRenew(ctx, db.SessionRenewParams{ID: sess.ID, ExpiresAt: renewed}); err != nil {
		slog.WarnContext(ctx, "cannot extend session", "user_id", sess.UserID, "error", err)
		return p, time.Time{}, nil
	}
	return p, renewed, nil
}

// roleOf decides a user's role: admin when listed in the configuration or an
// active admin of the shop's company, till when its till staff, client
// otherwise. A failed lookup counts as client, the least privilege, and is
// logged.
func (s *Service) roleOf(ctx context.Context, userID int64, email string) Role {
	role, err := s.queries.UserCompanyRole(ctx, db.UserCompanyRoleParams{UserID: userID, Company: Company})
	if err != nil {
		slog.WarnContext(ctx, "role lookup failed, treating the user as a client unless configured", "user_id", userID, "error", err)
		role = ""
	}
	return s.role(email, role == staffAdmin, role == staffTill)
}

// role is roleOf's rule once the company role is known; a session lookup
// reads it with the session (SessionByTokenHash). ADMIN_EMAILS wins over a
// till role.
func (s *Service) role(email string, companyAdmin, companyTill bool) Role {
	switch {
	case companyAdmin || s.adminEmails[strings.ToLower(email)]:
		return RoleAdmin
	case companyTill:
		return RoleTill
	default:
		return RoleClient
	}
}

// CallerKey names the caller of a request from peerAddr for rate limits:
// the signed-in user, else the API key, else the client address.
func CallerKey(ctx context.Context, peerAddr string) string {
	p := FromContext(ctx)
	switch {
	case p.UserID != 0:
		return "user:" + strconv.FormatInt(p.UserID, 10)
	case p.APIKeyID != 0:
		return "key:" + strconv.FormatInt(p.APIKeyID, 10)
	default:
		return "addr:" + ratelimit.ClientAddrFrom(ctx, peerAddr)
	}
}
