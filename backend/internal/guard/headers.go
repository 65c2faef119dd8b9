package guard

import (
	"net/http"
	"slices"
	"strings"
)

// ContentSecurityPolicy allows the web app only its own scripts, styles,
// fonts and connections: no inline script, no eval, no framing, no plugins.
// Images may come from https: too, since country pictures are URLs an admin
// configures. The built app has no inline script or style (a test checks
// the build), so nothing needs 'unsafe-inline'.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; " +
	"img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// ContentSecurityPolicyFor is ContentSecurityPolicy whose form-action also
// allows formOrigins: the card payment page (Redsys) the checkout posts its
// signed form to.
func ContentSecurityPolicyFor(formOrigins ...string) string {
	if len(formOrigins) == 0 {
		return ContentSecurityPolicy
	}
	return strings.Replace(ContentSecurityPolicy, "form-action 'self'", "form-action 'self' "+strings.Join(formOrigins, " "), 1)
}

// Headers sets the security headers on every response, the CSP's
// form-action allowing formOrigins besides the shop. HSTS is sent only
// when the public URL is https, since a browser told to insist on HTTPS
// for localhost would break development on plain HTTP.
func Headers(publicURL string, formOrigins ...string) func(http.Handler) http.Handler {
	// The values are built once and shared by every response: a header's
	// slice is only ever replaced (Set) or appended to (Add, which copies a
	// full slice), never written in place, so sharing it is safe and spares
	// the cached reads an allocation per header.
	security := map[string][]string{
		"Content-Security-Policy":    {ContentSecurityPolicyFor(formOrigins...)},
		"X-Content-Type-Options":     {"nosniff"},
		"Referrer-Policy":            {"strict-origin-when-cross-origin"},
		"X-Frame-Options":            {"DENY"},
		"Cross-Origin-Opener-Policy": {"same-origin"},
		"Permissions-Policy":         {"camera=(), microphone=(), geolocation=(), payment=()"},
	}
	if strings.HasPrefix(strings.ToLower(publicURL), "https://") {
		security["Strict-Transport-Security"] = []string{"max-age=63072000; includeSubDomains"}
	}
	for k, v := range security {
		security[k] = slices.Clip(v)
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			for k, v := range security {
				h[k] = v
			}
			next.ServeHTTP(w, r)
		})
	}
}

// LimitBodies caps every request body at n bytes, for the routes Connect's
// own message limit does not cover (sign-in forms, anything mounted later):
// reading past it fails and the handler answers with its own error. It
// never answers by itself, so RPCs keep Connect's ResourceExhausted.
func LimitBodies(n int64) func(http.Handler) http.Handler {
	return LimitBodiesBy(n, nil)
}

// LimitBodiesBy is LimitBodies with other caps for some paths (exactly
// as requested): an image upload needs more than any other call.
func LimitBodiesBy(n int64, paths map[string]int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			limit := n
			if p, ok := paths[r.URL.Path]; ok {
				limit = p
			}
			// A request without a body (a GET) has nothing to limit.
			if r.Body != http.NoBody {
				r.Body = http.MaxBytesReader(w, r.Body, limit)
			}
			next.ServeHTTP(w, r)
		})
	}
}
