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
	host, peer, trusted := p.peer(remoteAddr)
	if !trusted {
		return host
	}
	return p.forwardedFor(peer, h)
}

// forwardedFor walks X-Forwarded-For back from peer, a trusted proxy, to
// the last hop that is not one.
func (p Proxies) forwardedFor(peer netip.Addr, h http.Header) string {
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

// peer is remoteAddr's host, its address, and whether it is one of the
// proxies.
func (p Proxies) peer(remoteAddr string) (host string, peer netip.Addr, trusted bool) {
	host = remoteAddr
	if hp, _, err := net.SplitHostPort(remoteAddr); err == nil {
		host = hp
	}
	peer, err := netip.ParseAddr(host)
	return host, peer, err == nil && p.trusts(peer)
}

type clientAddrKey struct{}

// Middleware puts each request's client address (ClientAddr) in its
// context, for the limits further in: sign-in's and PlaceOrder's.
//
// A request whose peer is not a trusted proxy (every one, without
// TRUSTED_PROXIES) is passed on as it came: its client address is the
// peer's, which ClientAddrFrom finds from the peer's address alone, and
// the copy of the request that a context value takes was a sixth of a
// cached read's handling. Layers further in that change the request
// (guard.LimitBodiesBy, cataloguecache.Middleware) copy it themselves.
func (p Proxies) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, peer, trusted := p.peer(r.RemoteAddr)
		if !trusted {
			next.ServeHTTP(w, r)
			return
		}
		ctx := context.WithValue(r.Context(), clientAddrKey{}, p.forwardedFor(peer, r.Header))
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
