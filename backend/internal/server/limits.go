package server

import (
	"net"
	"sync"
	"time"
)

// Limits on each client, so slow or idle ones cannot pile up: a request's
// body must arrive within BodyReadTimeout of its first byte (headers
// included; the largest body shopd accepts is 2 MiB), and at most
// MaxConnections are open at once, further ones waiting to be accepted.
const (
	BodyReadTimeout = 30 * time.Second
	MaxConnections  = 4096
)

// limitListener accepts at most n connections at a time: Accept waits
// while n are open, and a connection's Close frees its place.
func limitListener(ln net.Listener, n int) net.Listener {
	return &limitedListener{Listener: ln, slots: make(chan struct{}, n)}
}

type limitedListener struct {
	net.Listener
	slots chan struct{}
}

// Accept waits for a free place, then for a connection.
func (l *limitedListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, release: func() { <-l.slots }}, nil
}

// limitedConn gives its place back once, however often it is closed.
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

// Close closes the connection and frees its place.
func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
