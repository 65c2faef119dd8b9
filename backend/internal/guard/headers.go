package guard

import (
	"maps"
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
//
// An answer of the API (a path "/<service>/<method>" of one of
// apiServices: Connect and gRPC calls) is never a document a browser
// renders: it is JSON or Protobuf, or Connect's plain-text error, and
// nosniff keeps a browser from reading it as HTML even when someone opens
// its URL. It keeps every header that guards such a response: nosniff, the
// CSP (no script, no plugin, frame-ancestors 'none', should it ever be
// rendered), X-Frame-Options for browsers without CSP and HSTS. It goes
// without the three that only govern what a document does once
// rendered, for a document it never is: Referrer-Policy (the Referer of
// the requests a page makes; a JSON answer makes none),
// Permissions-Policy (the features a page's scripts may use; it has no
// script) and Cross-Origin-Opener-Policy (whether a window of another
// site that opened the page keeps a handle on it; an answer has no frames
// or script state to learn through that handle). Fewer headers
// keep a cached read's response header map small (at most 8 entries,
// one group of Go's map without growing) and its bytes fewer.
func Headers(publicURL string, apiServices []string, formOrigins ...string) func(http.Handler) http.Handler {
	// The values are built once and shared by every response: a header's
	// slice is only ever replaced (Set) or appended to (Add, which copies a
	// full slice), never written in place, so sharing it is safe and spares
	// the cached reads an allocation per header.
	api := map[string][]string{
		"Content-Security-Policy": {ContentSecurityPolicyFor(formOrigins...)},
		"X-Content-Type-Options":  {"nosniff"},
		"X-Frame-Options":         {"DENY"},
	}
	if strings.HasPrefix(strings.ToLower(publicURL), "https://") {
		api["Strict-Transport-Security"] = []string{"max-age=63072000; includeSubDomains"}
	}
	document := maps.Clone(api)
	document["Referrer-Policy"] = []string{"strict-origin-when-cross-origin"}
	document["Cross-Origin-Opener-Policy"] = []string{"same-origin"}
	// The shop's own pages may use the camera: the store's till reads
	// barcodes with it (BarcodeDetector). No frame or other origin may.
	document["Permissions-Policy"] = []string{"camera=(self), microphone=(), geolocation=(), payment=()"}
	for _, set := range []map[string][]string{api, document} {
		for k, v := range set {
			set[k] = slices.Clip(v)
		}
	}
	services := make(map[string]bool, len(apiServices))
	for _, s := range apiServices {
		services[s] = true
	}
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			security := document
			if service, _, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/"); ok && services[service] {
				security = api
			}
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
			// A request without a body (a GET) has nothing to limit,
			// nor has one whose declared length is within it: net/http
			// ends a body at its Content-Length, and http2 refuses one
			// longer than declared. That spares a cached POST read the
			// copy below.
			if r.Body != http.NoBody && (r.ContentLength < 0 || r.ContentLength > limit) {
				// On a copy: a handler must not change the request
				// net/http hands it, and the layers outside may pass
				// that very one (ratelimit.Proxies does).
				r = r.WithContext(r.Context())
				r.Body = http.MaxBytesReader(w, r.Body, limit)
			}
			next.ServeHTTP(w, r)
		})
	}
}
