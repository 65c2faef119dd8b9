package server

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"time"
)

// BodyReadTimeout bounds how long a request's body may take to arrive from
// its first byte (headers included), so a slow client cannot hold a
// connection with a trickle.
const BodyReadTimeout = 30 * time.Second

// ConnLimits bound the connections one shopd holds, so idle or greedy
// clients cannot take every place: shopd facing the internet without a
// proxy in front is then still served to everyone else.
type ConnLimits struct {
	// Max is the most connections open at once; further ones wait to be
	// accepted, after shopd closed the longest idle ones to make room.
	Max int
	// PerClient is the most connections one client address may hold; the
	// next one is closed at once, after that client's longest idle one was
	// closed to make room if it had one. 0: no cap.
	PerClient int
	// Proxies are the load balancers' addresses (TRUSTED_PROXIES): many
	// clients arrive through each, so they are not capped per client.
	Proxies []netip.Prefix
}

// shedShare is how full the server may be before each new connection
// closes the longest idle one: a keep-alive connection costs a slot while
// it waits, and a client that comes back reconnects at the price of one
// round trip, while a client that finds no slot waits.
const shedShare = 0.9

// connLimiter is a listener that enforces ConnLimits. Its ConnState method
// must be the http.Server's ConnState hook: it learns there which
// connections are idle.
type connLimiter struct {
	net.Listener
	limits ConnLimits
	slots  chan struct{}
	// idled is signalled when a connection turns idle, so an Accept
	// waiting for a slot can close it instead.
	idled chan struct{}

	mu      sync.Mutex
	perPeer map[netip.Addr]int
	// idle holds the idle connections and since when they are.
	idle map[*limitedConn]time.Time
}

func newConnLimiter(ln net.Listener, limits ConnLimits) *connLimiter {
	return &connLimiter{
		Listener: ln,
		limits:   limits,
		slots:    make(chan struct{}, limits.Max),
		idled:    make(chan struct{}, 1),
		perPeer:  map[netip.Addr]int{},
		idle:     map[*limitedConn]time.Time{},
	}
}

// Accept waits for a place (closing idle connections to make one), then
// for a connection, and closes those of a client over its cap.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		if err := l.takeSlot(); err != nil {
			return nil, err
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.slots
			return nil, err
		}
		if lc := l.admit(c); lc != nil {
			return lc, nil
		}
	}
}

// takeSlot reserves one place of Max.
func (l *connLimiter) takeSlot() error {
	if float64(len(l.slots)) >= shedShare*float64(cap(l.slots)) {
		l.closeIdlest(func(*limitedConn) bool { return true })
	}
	for {
		select {
		case l.slots <- struct{}{}:
			return nil
		case <-l.idled:
			l.closeIdlest(func(*limitedConn) bool { return true })
		}
	}
}

// admit counts c against its client's cap, closing c when the client holds
// PerClient connections none of which is idle.
func (l *connLimiter) admit(c net.Conn) *limitedConn {
	peer := peerAddr(c.RemoteAddr())
	capped := l.limits.PerClient > 0 && peer.IsValid() && !l.proxy(peer)
	if capped {
		l.mu.Lock()
		full := l.perPeer[peer] >= l.limits.PerClient
		l.mu.Unlock()
		if full && !l.closeIdlest(func(o *limitedConn) bool { return o.peer == peer }) {
			_ = c.Close()
			<-l.slots
			return nil
		}
	}
	lc := &limitedConn{Conn: c, peer: peer, owner: l}
	l.mu.Lock()
	l.perPeer[peer]++
	l.mu.Unlock()
	return lc
}

func (l *connLimiter) proxy(a netip.Addr) bool {
	for _, p := range l.limits.Proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// closeIdlest closes the connection idle the longest of those match
// accepts, and reports whether there was one. Closing frees its slot and
// its client's count at once (limitedConn.Close).
func (l *connLimiter) closeIdlest(match func(*limitedConn) bool) bool {
	l.mu.Lock()
	var oldest *limitedConn
	var since time.Time
	for c, t := range l.idle {
		if match(c) && (oldest == nil || t.Before(since)) {
			oldest, since = c, t
		}
	}
	if oldest != nil {
		delete(l.idle, oldest)
	}
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	_ = oldest.Close()
	return true
}

// ConnState is the http.Server's ConnState hook: it keeps the set of idle
// connections (HTTP/1 between requests, HTTP/2 with no open stream).
func (l *connLimiter) ConnState(c net.Conn, state http.ConnState) {
	lc, ok := c.(*limitedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch state {
	case http.StateIdle:
		if !lc.closed {
			l.idle[lc] = time.Now()
			select {
			case l.idled <- struct{}{}:
			default:
			}
		}
	default:
		delete(l.idle, lc)
	}
}

// release gives c's place back.
func (l *connLimiter) release(c *limitedConn) {
	l.mu.Lock()
	delete(l.idle, c)
	c.closed = true
	if l.perPeer[c.peer]--; l.perPeer[c.peer] <= 0 {
		delete(l.perPeer, c.peer)
	}
	l.mu.Unlock()
	<-l.slots
}

// peerAddr is the client's IP address, unmapped from IPv4-in-IPv6.
func peerAddr(a net.Addr) netip.Addr {
	if tcp, ok := a.(*net.TCPAddr); ok {
		ip, _ := netip.AddrFromSlice(tcp.IP)
		return ip.Unmap()
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// limitedConn gives its place back once, however often it is closed.
type limitedConn struct {
	net.Conn
	peer  netip.Addr
	owner *connLimiter
	once  sync.Once
	// closed is guarded by owner.mu: a connection closed while the server
	// still reports its state must not come back into the idle set.
	closed bool
}

// Close closes the connection and frees its place.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.owner.release(c) })
	return err
}
