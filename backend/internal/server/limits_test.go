package server

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"testing"
	"time"
)

// TestSlowBodyIsCutOff: a client that sends headers and then trickles (or
// never sends) its body loses the connection after BodyReadTimeout instead
// of holding it forever.
func TestSlowBodyIsCutOff(t *testing.T) {
	t.Parallel()
	log := slog.New(slog.DiscardHandler)
	srv := NewHTTPServer("127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
	}), 15*time.Second, log)
	if srv.ReadTimeout <= 0 || srv.ReadTimeout > time.Minute {
		t.Fatalf("ReadTimeout = %v, want a bound of at most a minute", srv.ReadTimeout)
	}
	srv.ReadTimeout = 300 * time.Millisecond // the same rule, quicker
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc")
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	start := time.Now()
	_, err = io.ReadAll(conn)
	if took := time.Since(start); err != nil || took > 3*time.Second {
		t.Errorf("slow body held the connection %v (%v), want it closed after the read timeout", took, err)
	}
}

// limitedServer serves a handler that answers at once, except that a
// request to /hold says so on entered and waits until hold is closed,
// behind limits; it returns the address, entered, and idled, which hears
// of each connection turning idle once the limiter knows it is.
func limitedServer(t *testing.T, limits ConnLimits, hold chan struct{}) (addr string, entered, idled <-chan struct{}) {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	enter, idle := make(chan struct{}, 16), make(chan struct{}, 16)
	srv := NewHTTPServer("127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hold" {
			enter <- struct{}{}
			<-hold
		}
	}), 15*time.Second, log)
	// Serve calls this after its own hook.
	srv.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateIdle {
			idle <- struct{}{}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrs := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, srv, limits, time.Second, log, func(a net.Addr) { addrs <- a }) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("shutdown: %v", err)
		}
	})
	return (<-addrs).String(), enter, idle
}

// client is one keep-alive HTTP/1.1 connection.
type client struct {
	t    *testing.T
	conn net.Conn
	r    *bufio.Reader
}

func dial(t *testing.T, addr string) *client {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return &client{t: t, conn: c, r: bufio.NewReader(c)}
}

// send writes a request for path without reading the answer.
func (c *client) send(path string) {
	fmt.Fprintf(c.conn, "GET %s HTTP/1.1\r\nHost: x\r\n\r\n", path)
}

// answer reads one response within wait, or returns the error.
func (c *client) answer(wait time.Duration) error {
	_ = c.conn.SetReadDeadline(time.Now().Add(wait))
	res, err := http.ReadResponse(c.r, nil)
	if err != nil {
		return err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	return res.Body.Close()
}

// ask sends a request and reads its answer.
func (c *client) ask(path string, wait time.Duration) error {
	c.send(path)
	return c.answer(wait)
}

// TestConnectionsAreBounded: at Max open connections, none of them idle,
// a new one waits to be accepted until one is free, so a crowd of slow
// clients cannot exhaust file descriptors and memory.
func TestConnectionsAreBounded(t *testing.T) {
	t.Parallel()
	hold := make(chan struct{})
	addr, entered, _ := limitedServer(t, ConnLimits{Max: 2}, hold)
	a, b := dial(t, addr), dial(t, addr)
	a.send("/hold")
	b.send("/hold")
	<-entered
	<-entered
	waiting := dial(t, addr)
	if err := waiting.ask("/", 300*time.Millisecond); err == nil {
		t.Fatal("a third connection was served while two busy ones held a limit of two")
	}
	// The busy two finish and turn idle: one makes way.
	close(hold)
	if err := waiting.answer(3 * time.Second); err != nil {
		t.Errorf("the waiting connection was not served once the others were idle: %v", err)
	}
}

// TestIdleConnectionsMakeRoom: at the limit, an idle keep-alive connection
// is closed for a new client instead of the new client waiting for it (the
// review held every place with idle connections).
func TestIdleConnectionsMakeRoom(t *testing.T) {
	t.Parallel()
	hold := make(chan struct{})
	defer close(hold)
	addr, entered, idled := limitedServer(t, ConnLimits{Max: 2}, hold)
	busy, idle := dial(t, addr), dial(t, addr)
	busy.send("/hold")
	<-entered
	if err := idle.ask("/", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	<-idled
	if err := dial(t, addr).ask("/", 3*time.Second); err != nil {
		t.Fatalf("a new client was not served while an idle connection held the last place: %v", err)
	}
	if err := idle.ask("/", time.Second); err == nil {
		t.Error("the idle connection was still open, so it was not the one closed")
	}
}

// TestOneClientCannotTakeEveryPlace: a client address holds at most
// PerClient connections; its idle ones go first, and when all are busy its
// next connection is closed, while another address is still served.
func TestOneClientCannotTakeEveryPlace(t *testing.T) {
	t.Parallel()
	hold := make(chan struct{})
	defer close(hold)
	addr, entered, idled := limitedServer(t, ConnLimits{Max: 100, PerClient: 2}, hold)
	first, second := dial(t, addr), dial(t, addr)
	first.send("/hold")
	<-entered
	if err := second.ask("/", 3*time.Second); err != nil {
		t.Fatal(err)
	}
	<-idled
	// The client's idle connection makes way for its new one.
	third := dial(t, addr)
	if err := third.ask("/", 3*time.Second); err != nil {
		t.Fatalf("the client's third connection was refused although one of its two was idle: %v", err)
	}
	if err := second.ask("/", time.Second); err == nil {
		t.Error("the client's idle connection was not the one closed")
	}
	third.send("/hold")
	<-entered
	// Both busy: the next is closed without an answer.
	if err := dial(t, addr).ask("/", 3*time.Second); err == nil {
		t.Error("a client over its cap with no idle connection was served")
	}
	// Another address is not held back: 127.0.0.2 is loopback too.
	other, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", addr)
	if err != nil {
		t.Skipf("no second loopback address here: %v", err)
	}
	t.Cleanup(func() { _ = other.Close() })
	oc := &client{t: t, conn: other, r: bufio.NewReader(other)}
	if err := oc.ask("/", 3*time.Second); err != nil {
		t.Errorf("another client address was refused: %v", err)
	}
}

// TestProxiesAreNotCappedPerClient: every client behind a trusted load
// balancer shares its address, so it gets no per-client cap.
func TestProxiesAreNotCappedPerClient(t *testing.T) {
	t.Parallel()
	hold := make(chan struct{})
	defer close(hold)
	limits := ConnLimits{Max: 100, PerClient: 1, Proxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	addr, entered, _ := limitedServer(t, limits, hold)
	dial(t, addr).send("/hold")
	<-entered
	if err := dial(t, addr).ask("/", 3*time.Second); err != nil {
		t.Errorf("a second connection from the trusted proxy was refused: %v", err)
	}
}
