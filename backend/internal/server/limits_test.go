package server

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
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
	}), log)
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

// TestConnectionsAreBounded: beyond MaxConnections open connections, new
// ones wait to be accepted until one closes, so a crowd of idle or slow
// clients cannot exhaust file descriptors and memory.
func TestConnectionsAreBounded(t *testing.T) {
	t.Parallel()
	if MaxConnections < 100 || MaxConnections > 100_000 {
		t.Errorf("MaxConnections = %d, want a bound fit for one process", MaxConnections)
	}
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := limitListener(inner, 2)
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}), ReadHeaderTimeout: time.Minute}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })

	ask := func(conn net.Conn) error {
		fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		_ = conn.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		_, err := http.ReadResponse(bufio.NewReader(conn), nil)
		return err
	}
	var open []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		open = append(open, c)
	}
	for i, c := range open[:2] {
		if err := ask(c); err != nil {
			t.Fatalf("connection %d within the limit: %v", i, err)
		}
	}
	if err := ask(open[2]); err == nil {
		t.Fatal("a third connection was served with a limit of two")
	}
	_ = open[0].Close()
	_ = open[2].SetReadDeadline(time.Now().Add(3 * time.Second))
	if _, err := http.ReadResponse(bufio.NewReader(open[2]), nil); err != nil {
		t.Errorf("the waiting connection was not served once another closed: %v", err)
	}
}
