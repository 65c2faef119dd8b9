package webhook

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// ErrForbiddenAddress refuses a delivery to an address of the shop's own
// network.
var ErrForbiddenAddress = errors.New("webhook: the endpoint's address is loopback, link-local or private")

// Client is the HTTP client deliveries go through. Unless allowPrivate
// (development, tests), it refuses to connect to loopback, link-local,
// private, unspecified and multicast addresses. The check runs when
// dialling, on the address actually dialled: a name that resolved to a
// public address when the URL was saved and to 169.254.169.254 now (DNS
// rebinding) is refused all the same. Redirects are not followed: a
// receiver answering 3xx has not taken the delivery, and following it would
// reach an address the owner never registered.
func Client(allowPrivate bool, timeout time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	if !allowPrivate {
		dialer.Control = refusePrivate
	}
	transport := &http.Transport{
		Proxy:               nil,
		DialContext:         dialer.DialContext,
		TLSHandshakeTimeout: 10 * time.Second,
		MaxIdleConnsPerHost: 2,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// refusePrivate is the dialer's Control: it sees the IP about to be
// connected to, after name resolution.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("webhook: dial %q: %w", address, err)
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return fmt.Errorf("webhook: dial %q: %w", address, err)
	}
	if !Public(ip) {
		return fmt.Errorf("%w: %s", ErrForbiddenAddress, ip)
	}
	return nil
}

// Public says an address is one of the internet's: not loopback,
// link-local (cloud metadata), private (RFC 1918, fc00::/7), shared
// (100.64.0.0/10, carrier NAT), unspecified or multicast.
func Public(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsGlobalUnicast() && !ip.IsPrivate() && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() &&
		!netip.MustParsePrefix("100.64.0.0/10").Contains(ip)
}
