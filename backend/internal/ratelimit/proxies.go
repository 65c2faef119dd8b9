package ratelimit

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the addresses (TRUSTED_PROXIES) whose X-Forwarded-For is
// believed: the deployment's own load balancers. From anyone else the
// header is whatever the client wrote, so it is ignored, however private
// the sender's address.
type Proxies []netip.Prefix

// trusts says whether a is one of the proxies.
func (p Proxies) trusts(a netip.Addr) bool {
	for _, prefix := range p {
		if prefix.Contains(a.Unmap()) {
			return true
		}
	}
	return false
}

// ClientAddr is the address a request comes from: the peer's IP or, when
// the peer is a trusted proxy, the last X-Forwarded-For hop that is not one
// (hops before it are whatever the client claimed).
func (p Proxies) ClientAddr(remoteAddr string, h http.Header) string {
	host := remoteAddr
	if hp, _, err := net.SplitHostPort(remoteAddr); err == nil {
		host = hp
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !p.trusts(peer) {
		return host
	}
	client := peer
	var hops []string
	for _, v := range h.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		client = hop
		if !p.trusts(hop) {
			break
		}
	}
	return client.String()
}

type clientAddrKey struct{}

// Middleware puts each request's client address (ClientAddr) in its
// context, for the limits further in: sign-in's and PlaceOrder's.
func (p Proxies) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), clientAddrKey{}, p.ClientAddr(r.RemoteAddr, r.Header))
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// ClientAddrFrom is the client address Middleware found, or, without it,
// the peer's address remoteAddr (no forwarded header trusted).
func ClientAddrFrom(ctx context.Context, remoteAddr string) string {
	if a, ok := ctx.Value(clientAddrKey{}).(string); ok {
		return a
	}
	return Proxies(nil).ClientAddr(remoteAddr, nil)
}
