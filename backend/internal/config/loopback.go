package config

import (
	"net"
	"net/netip"
	"net/url"
	"strings"
)

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
