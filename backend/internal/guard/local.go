package guard

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ThisMachineOnly serves next only to a browser on this machine talking to
// shopd directly: the development stand-ins (sign-in as anyone, payments
// approved by hand) are on by default only on loopback, and a reverse proxy
// on the same machine would otherwise carry strangers' requests to them
// from a loopback address. A request with a forwarding header, a Host that
// is not loopback or a peer that is not refused with 403.
func ThisMachineOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if forwarded(r.Header) || !loopbackHost(r.Host) || !loopbackPeer(r.RemoteAddr) {
			http.Error(w, "development route: only from a browser on this machine, not through a proxy", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// forwarded says a proxy passed the request on.
func forwarded(h http.Header) bool {
	for _, name := range []string{"X-Forwarded-For", "Forwarded", "X-Forwarded-Host", "X-Real-Ip"} {
		if len(h.Values(name)) > 0 {
			return true
		}
	}
	return false
}

// loopbackHost says a Host header names this machine: localhost or a
// loopback address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// loopbackPeer says the connection comes from this machine.
func loopbackPeer(remote string) bool {
	ap, err := netip.ParseAddrPort(remote)
	return err == nil && ap.Addr().Unmap().IsLoopback()
}
