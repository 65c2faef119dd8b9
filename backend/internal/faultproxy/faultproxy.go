// Package faultproxy is a TCP proxy for tests that need the network between
// shopd and PostgreSQL to fail on cue: cut every connection and refuse new
// ones, stall them so nothing answers, then bring the link back. It stands
// in for toxiproxy without another process to install.
package faultproxy

import (
	"context"
	"net"
	"sync"
)

// Mode is the state of the link.
type Mode int

// The link's states.
const (
	// Up forwards bytes both ways.
	Up Mode = iota
	// Down closes every connection and accepts new ones only to close them
	// at once, as a database host that went away or restarts does.
	Down
	// Stalled keeps connections open but forwards nothing, as a network
	// partition does: only deadlines end the wait.
	Stalled
)

// Proxy listens on a loopback port and forwards to a target address.
type Proxy struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	mode    Mode
	changed chan struct{} // closed and replaced on every mode change
	conns   map[net.Conn]struct{}
	wg      sync.WaitGroup
}

// Listen starts a proxy on 127.0.0.1 (a free port) forwarding to target,
// initially in mode.
func Listen(target string, mode Mode) (*Proxy, error) {
	ln, err := new(net.ListenConfig).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{ln: ln, target: target, mode: mode, changed: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// Addr is the host:port clients connect to.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Set switches the link to mode. Down closes every open connection.
func (p *Proxy) Set(mode Mode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = mode
	close(p.changed)
	p.changed = make(chan struct{})
	if mode == Down {
		for c := range p.conns {
			_ = c.Close()
		}
	}
}

// Close stops listening and closes every connection.
func (p *Proxy) Close() error {
	err := p.ln.Close()
	p.Set(Down)
	p.wg.Wait()
	return err
}

func (p *Proxy) state() (Mode, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mode, p.changed
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		if mode, _ := p.state(); mode == Down {
			_ = c.Close()
			continue
		}
		p.wg.Add(1)
		go p.serve(c)
	}
}

// track registers c so Down can close it; it fails when the link went down.
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mode == Down {
		_ = c.Close()
		return false
	}
	p.conns[c] = struct{}{}
	return true
}

func (p *Proxy) untrack(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	_ = c.Close()
}

func (p *Proxy) serve(client net.Conn) {
	defer p.wg.Done()
	if !p.track(client) {
		return
	}
	defer p.untrack(client)
	upstream, err := new(net.Dialer).DialContext(context.Background(), "tcp", p.target)
	if err != nil {
		return
	}
	if !p.track(upstream) {
		return
	}
	defer p.untrack(upstream)
	done := make(chan struct{}, 2)
	go func() { p.pipe(upstream, client); done <- struct{}{} }()
	go func() { p.pipe(client, upstream); done <- struct{}{} }()
	<-done
}

// pipe copies src to dst, holding every chunk while the link is stalled.
func (p *Proxy) pipe(dst, src net.Conn) {
	defer func() { _ = dst.Close(); _ = src.Close() }()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			for {
				mode, changed := p.state()
				if mode == Down {
					return
				}
				if mode == Up {
					break
				}
				<-changed
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}
