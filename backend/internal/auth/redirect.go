package auth

import (
	"net/url"
	"strings"
)

// maxRedirectLen bounds the sign-in redirect target a flow cookie carries.
const maxRedirectLen = 1024

// SafeRedirect returns target when it is a path on this site, and "/"
// otherwise, with ok telling which. Only a single leading slash is accepted:
// "//evil.example" and "/\evil.example" are network paths to browsers, and
// anything with a scheme leaves the site, so either would make /auth/login an
// open redirect.
func SafeRedirect(target string) (string, bool) {
	if target == "" || len(target) > maxRedirectLen || target[0] != '/' {
		return "/", false
	}
	if len(target) > 1 && (target[1] == '/' || target[1] == '\\') {
		return "/", false
	}
	if strings.ContainsFunc(target, func(r rune) bool { return r < 0x20 || r == 0x7f || r == '\\' }) {
		return "/", false
	}
	u, err := url.Parse(target)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/", false
	}
	return target, true
}
