package auth

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Config is what the auth package needs from the server's configuration. The
// server fills it from its own config package, so this package depends on no
// particular way of reading flags or the environment.
type Config struct {
	// PublicURL is where browsers reach the shop, such as
	// "https://sabores.es" or "http://localhost:8080". The sign-in callback
	// lives under it, and its scheme decides whether cookies are Secure.
	PublicURL string
	// DevSignIn turns on the built-in OpenID provider under /dev-oidc/, which
	// lets anyone sign in as any email: development and tests only. /auth/login
	// uses it only when Google is not configured.
	DevSignIn bool
	// GoogleIssuer is Google's OpenID issuer; empty means
	// https://accounts.google.com.
	GoogleIssuer string
	// GoogleClientID and GoogleClientSecret are the shop's OAuth client.
	GoogleClientID     string
	GoogleClientSecret string
	// AdminEmails are people who are admins whatever the database says, so
	// the first admin can sign in before anyone could grant the role.
	AdminEmails []string
	// SessionTTL is how long a session lasts without use; zero means 30 days.
	// Each use in the second half of its life extends it by a full TTL, up
	// to its absolute lifetime.
	SessionTTL time.Duration
	// SessionMaxAge is how long a session may last from sign-in however
	// often it is used; zero means 90 days.
	SessionMaxAge time.Duration
	// AdminSessionMaxAge is the same for an admin's session; zero means 12 h.
	AdminSessionMaxAge time.Duration
	// AllowedOrigins are origins besides PublicURL's whose pages may make
	// cookie-authenticated changes (a Vite dev server, for example).
	AllowedOrigins []string
	// SignInSecret seals the sign-in flow's cookie (SIGNIN_SECRET); empty
	// uses one made once and kept in the database.
	SignInSecret string
	// SignInPerMinute is how many sign-in requests one client address may
	// make a minute (a sign-in takes two or three); zero means 30.
	SignInPerMinute int
}

// Company is the shop's own company, which every user joins at sign-in and
// whose admins run the back office.
const Company = "Sabores"

const (
	defaultGoogleIssuer = "https://accounts.google.com"
	defaultSessionTTL   = 30 * 24 * time.Hour
)

// GoogleConfigured says whether a Google OAuth client is configured.
func (c Config) GoogleConfigured() bool {
	return c.GoogleClientID != "" && c.GoogleClientSecret != ""
}

// withDefaults validates c and fills in the defaults.
func (c Config) withDefaults() (Config, error) {
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return c, fmt.Errorf("auth: public URL %q must be an absolute http(s) URL", c.PublicURL)
	}
	c.PublicURL = strings.TrimSuffix(u.Scheme+"://"+u.Host+u.Path, "/")
	if c.GoogleIssuer == "" {
		c.GoogleIssuer = defaultGoogleIssuer
	}
	if c.SessionTTL <= 0 {
		c.SessionTTL = defaultSessionTTL
	}
	if c.SessionMaxAge <= 0 {
		c.SessionMaxAge = defaultSessionMaxAge
	}
	if c.AdminSessionMaxAge <= 0 {
		c.AdminSessionMaxAge = defaultAdminSessionMaxAge
	}
	if c.SignInPerMinute <= 0 {
		c.SignInPerMinute = defaultSignInPerMinute
	}
	return c, nil
}

// secure says whether cookies must be Secure: whenever the shop is served
// over HTTPS.
func (c Config) secure() bool {
	return strings.HasPrefix(c.PublicURL, "https://")
}
