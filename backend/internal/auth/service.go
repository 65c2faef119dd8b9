package auth

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	httphelper "github.com/zitadel/oidc/v3/pkg/http"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/devoidc"
	"github.com/sabores/sabores/backend/internal/ratelimit"
)

// Service signs people in and tells who is calling. The server mounts
// Routes (sign-in endpoints, development provider) and puts Interceptor
// first among the RPC interceptors, before authz's, which enforces access
// with Origins.
type Service struct {
	cfg         Config
	queries     *db.Queries
	adminEmails map[string]bool
	origins     Origins
	// flowCookies seal the short-lived state of a sign-in in progress.
	flowCookies *httphelper.CookieHandler
	// provider is the identity provider /auth/login sends people to; nil
	// when none is configured.
	provider *provider
	// dev is the built-in provider, nil unless cfg.DevSignIn.
	dev *devoidc.Provider
	// signInLimit slows down sign-in attempts from one address, counted in
	// the database so every replica shares the count.
	signInLimit *ratelimit.Shared
}

// Sign-in rate limit per client address: Config.SignInPerMinute requests
// (a sign-in takes two or three) per minute, 30 unless configured.
const defaultSignInPerMinute = 30

// New returns the auth service. It reads (or, on a new database, makes) the
// secret sealing sign-ins in progress, which every replica shares. With
// cfg.DevSignIn it also starts the built-in OpenID provider (in memory,
// served by Routes under /dev-oidc/; one process only, see devoidc.Provider).
func New(ctx context.Context, pool *pgxpool.Pool, cfg Config) (*Service, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Service{
		cfg:         cfg,
		queries:     db.New(pool),
		adminEmails: make(map[string]bool, len(cfg.AdminEmails)),
		origins:     NewOrigins(cfg.PublicURL, cfg.AllowedOrigins...),
		signInLimit: ratelimit.NewShared(pool, time.Minute, cfg.SignInPerMinute),
	}
	for _, e := range cfg.AdminEmails {
		if e = strings.ToLower(strings.TrimSpace(e)); e != "" {
			s.adminEmails[e] = true
		}
	}
	// A sign-in may start on one replica and come back to another, or to
	// this one restarted: the flow cookie's keys come from SIGNIN_SECRET,
	// or else from the database.
	secret := []byte(cfg.SignInSecret)
	if len(secret) == 0 {
		if secret, err = sharedSecret(ctx, s.queries, flowSecret); err != nil {
			return nil, err
		}
	}
	hashKey, encKey, err := cookieKeys(secret)
	if err != nil {
		return nil, err
	}
	cookieOpts := []httphelper.CookieHandlerOpt{
		httphelper.WithMaxAge(int(flowLifetime.Seconds())),
		httphelper.WithPath("/auth/"),
		httphelper.WithSameSite(http.SameSiteLaxMode),
	}
	if !cfg.secure() {
		cookieOpts = append(cookieOpts, httphelper.WithUnsecure())
	}
	s.flowCookies = httphelper.NewCookieHandler(hashKey, encKey, cookieOpts...)

	callback := cfg.PublicURL + "/auth/callback"
	if cfg.DevSignIn {
		s.dev, err = devoidc.New(cfg.PublicURL, callback)
		if err != nil {
			return nil, err
		}
		slog.Warn("development sign-in is on: anyone who reaches this server can sign in as anyone, admins included",
			"public_url", cfg.PublicURL)
		s.provider = devRelyingParty(s.dev, callback)
	}
	// Real sign-in, when configured, is what /auth/login offers, even with
	// the development provider on.
	if cfg.GoogleConfigured() {
		s.provider = googleProvider(cfg, callback)
	}
	return s, nil
}

// Origins are the origins allowed to make cookie-authenticated changes.
func (s *Service) Origins() Origins {
	return s.origins
}

// Routes are the sign-in endpoints by http.ServeMux pattern and, when
// development sign-in is on, the built-in provider under /dev-oidc/:
//
//	GET  /auth/login?redirect=/path  start signing in, then return to /path
//	GET  /auth/callback              the provider's redirect back
//	POST /auth/logout                end the session (204)
//	GET  /auth/logout                the same from a same-site link, then to /
//
// The patterns are exact paths, not the /auth/ subtree, so /auth itself
// stays the web app's sign-in page. Signing in is rate limited per client
// address (429 with Retry-After beyond a burst), and so is the development
// provider as a whole (devGuard).
func (s *Service) Routes() map[string]http.Handler {
	limit := s.signInLimit.HTTP
	routes := map[string]http.Handler{
		"GET /auth/login":    limit(http.HandlerFunc(s.login)),
		"GET /auth/callback": limit(http.HandlerFunc(s.callback)),
		"POST /auth/logout":  http.HandlerFunc(s.logout),
		"GET /auth/logout":   http.HandlerFunc(s.logoutLink),
	}
	if s.dev != nil {
		dev := devGuard(http.StripPrefix(devoidc.Prefix, s.dev.Handler))
		routes[devoidc.Prefix+"/"] = dev
		routes["POST "+devoidc.Prefix+"/login"] = limit(dev)
	}
	return routes
}

// GoogleConfigured reports whether a Google client is configured, for the
// back office's sign-in status screen.
func (s *Service) GoogleConfigured() bool { return s.cfg.GoogleConfigured() }

// DevSignIn reports whether the built-in development provider is on.
func (s *Service) DevSignIn() bool { return s.cfg.DevSignIn }

type nonceKey struct{}

// withNonce carries the nonce a sign-in expects in its ID token to the
// token verifier, which reads it from the context.
func withNonce(ctx context.Context, nonce string) context.Context {
	return context.WithValue(ctx, nonceKey{}, nonce)
}

// nonceFrom is the verifier's side of withNonce.
func nonceFrom(ctx context.Context) string {
	nonce, _ := ctx.Value(nonceKey{}).(string)
	return nonce
}
