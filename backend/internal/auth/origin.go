package auth

import (
	"net/http"
	"net/url"
	"strings"
)

// Origins are the web origins whose pages may make cookie-authenticated
// changes. A browser sends the session cookie with any request to the shop;
// checking where a state-changing request comes from stops other sites from
// making it on a signed-in visitor's behalf (cross-site request forgery).
type Origins struct {
	allowed map[string]bool
}

// NewOrigins allows publicURL's origin and the extra ones.
func NewOrigins(publicURL string, extra ...string) Origins {
	o := Origins{allowed: make(map[string]bool, 1+len(extra))}
	for _, raw := range append([]string{publicURL}, extra...) {
		if origin, ok := normalizeOrigin(raw); ok {
			o.allowed[origin] = true
		}
	}
	return o
}

// Allows reports whether a request with header h may change state with the
// caller's cookie. A browser names the requesting page's origin in Origin
// (always on POST); without it, Sec-Fetch-Site: cross-site still gives a
// foreign page away. Requests with neither come from non-browser clients,
// which no other site can drive.
func (o Origins) Allows(h http.Header) bool {
	if raw := h.Get("Origin"); raw != "" {
		origin, ok := normalizeOrigin(raw)
		return ok && o.allowed[origin]
	}
	return h.Get("Sec-Fetch-Site") != "cross-site"
}

// normalizeOrigin reduces a URL or origin to scheme://host[:port], lower case.
func normalizeOrigin(raw string) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return "", false
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), true
}
