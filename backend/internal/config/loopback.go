package config

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
)

// publicURLFromAddr is PUBLIC_URL when it is not set: where shopd listens,
// as a browser on this machine would write it. A wildcard host (":9000",
// "0.0.0.0:9000", "[::]:9000") becomes localhost.
func publicURLFromAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip, err := netip.ParseAddr(host); host == "" || (err == nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// loopbackHost says whether host (a name or an address) is this machine
// only: localhost, 127.0.0.0/8 or ::1. An empty host listens on every
// address, so it is not.
func loopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// loopbackAddr says whether a listen address accepts connections from this
// machine only.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && loopbackHost(host)
}

// loopbackURL says whether a public URL names this machine only.
func loopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && loopbackHost(u.Hostname())
}

// devSignInByDefault is DEV_SIGNIN=auto's rule. The development provider
// lets anyone sign in as anyone, admins included, so it is on only where
// nobody else can reach it: in development, listening on loopback, with a
// loopback public URL, and with no Google client to sign in with instead.
func devSignInByDefault(c *Config) bool {
	return c.Env == EnvDevelopment && loopbackAddr(c.Addr) && loopbackURL(c.PublicURL) &&
		c.GoogleClientID == "" && c.GoogleClientSecret == ""
}

// PublicURLOnLoopback says the shop is reached on this machine only, as in
// development, where the stand-ins come on by themselves.
func (c *Config) PublicURLOnLoopback() bool { return loopbackURL(c.PublicURL) }
