package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// NewHTTPServer wraps h in an http.Server speaking HTTP/1.1 and
// unencrypted HTTP/2 (h2c), so gRPC clients work without TLS, with limits
// that keep slow or oversized headers and slow bodies from holding
// connections. An idle keep-alive connection is closed after idle: it holds
// one of the server's places while it waits.
func NewHTTPServer(addr string, h http.Handler, idle time.Duration, log *slog.Logger) *http.Server {
	protocols := new(http.Protocols)
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		Protocols:         protocols,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       BodyReadTimeout,
		IdleTimeout:       idle,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// Serve listens on srv.Addr and serves until ctx ends, then shuts down
// gracefully: new connections are refused and requests in flight get up to
// timeout to finish. limits bound the connections (ConnLimits). ready,
// when not nil, receives the bound address.
func Serve(ctx context.Context, srv *http.Server, limits ConnLimits, timeout time.Duration, log *slog.Logger, ready func(net.Addr)) error {
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", srv.Addr)
	if err != nil {
		return fmt.Errorf("server: listen: %w", err)
	}
	limited := newConnLimiter(ln, limits)
	if hook := srv.ConnState; hook != nil {
		srv.ConnState = func(c net.Conn, s http.ConnState) { limited.ConnState(c, s); hook(c, s) }
	} else {
		srv.ConnState = limited.ConnState
	}
	ln = limited
	log.Info("listening", "addr", ln.Addr().String())
	if ready != nil {
		ready(ln.Addr())
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", timeout)
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}
