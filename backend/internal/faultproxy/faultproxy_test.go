package faultproxy_test

import (
	"bufio"
	"net"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/faultproxy"
)

// echo starts a line echo server and returns its address.
func echo(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer func() { _ = c.Close() }()
				r := bufio.NewReader(c)
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if _, err := c.Write([]byte(line)); err != nil {
						return
					}
				}
			}()
		}
	}()
	return ln.Addr().String()
}

func roundTrip(c net.Conn, timeout time.Duration) error {
	_ = c.SetDeadline(time.Now().Add(timeout))
	if _, err := c.Write([]byte("ping\n")); err != nil {
		return err
	}
	_, err := bufio.NewReader(c).ReadString('\n')
	return err
}

// TestModes checks each mode does what the fault tests rely on: Up
// forwards, Stalled holds bytes until the link is back, Down cuts open
// connections and closes new ones.
func TestModes(t *testing.T) {
	t.Parallel()
	p, err := faultproxy.Listen(echo(t), faultproxy.Up)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = p.Close() }()

	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.Close() }()
	if err := roundTrip(c, 2*time.Second); err != nil {
		t.Fatalf("up: %v", err)
	}

	p.Set(faultproxy.Stalled)
	if err := roundTrip(c, 200*time.Millisecond); err == nil {
		t.Fatal("stalled link answered")
	}
	p.Set(faultproxy.Up)
	c2, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c2.Close() }()
	if err := roundTrip(c2, 2*time.Second); err != nil {
		t.Fatalf("after stall: %v", err)
	}

	p.Set(faultproxy.Down)
	if err := roundTrip(c2, 2*time.Second); err == nil {
		t.Fatal("connection survived the cut")
	}
	c3, err := net.Dial("tcp", p.Addr())
	if err == nil {
		if err := roundTrip(c3, 2*time.Second); err == nil {
			t.Fatal("new connection worked while down")
		}
		_ = c3.Close()
	}

	p.Set(faultproxy.Up)
	c4, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c4.Close() }()
	if err := roundTrip(c4, 2*time.Second); err != nil {
		t.Fatalf("after restore: %v", err)
	}
}
