package server

import (
	"net/http"
	"sync/atomic"
)

// Gate is the handler of a server that listens before it is ready: until
// Open it answers 503 Service Unavailable (so /healthz says "not ready" to
// load balancers while the database is still unreachable), then it hands
// every request to the real handler.
type Gate struct {
	h atomic.Pointer[http.Handler]
}

// Open starts serving h.
func (g *Gate) Open(h http.Handler) { g.h.Store(&h) }

// ServeHTTP serves the opened handler, or 503 with a retry hint.
func (g *Gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h := g.h.Load(); h != nil {
		(*h).ServeHTTP(w, r)
		return
	}
	w.Header().Set("Retry-After", "1")
	w.Header().Set("Cache-Control", "no-store")
	http.Error(w, "starting: waiting for the database", http.StatusServiceUnavailable)
}
