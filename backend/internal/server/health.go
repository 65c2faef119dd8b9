package server

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"time"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
)

// healthTimeout bounds a database ping, so a hung database makes health
// checks fail fast instead of piling up.
const healthTimeout = 2 * time.Second

// ping reports whether the database answers within healthTimeout.
func ping(ctx context.Context, db Pinger) error {
	if db == nil {
		return errors.New("no database configured")
	}
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	return db.Ping(ctx)
}

// healthz answers load balancers: 200 when the database answers, else 503.
func healthz(db Pinger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := ping(r.Context(), db); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = w.Write([]byte("database unavailable\n"))
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
}

// healthChecker answers gRPC health checks for the whole server ("") and
// each service: every service needs the database, so all share its state.
type healthChecker struct {
	db Pinger
}

// Check implements grpchealth.Checker.
func (h *healthChecker) Check(ctx context.Context, req *grpchealth.CheckRequest) (*grpchealth.CheckResponse, error) {
	if req.Service != "" && !slices.Contains(serviceNames(), req.Service) {
		return nil, connect.NewError(connect.CodeNotFound, errors.New("unknown service "+req.Service))
	}
	if err := ping(ctx, h.db); err != nil {
		// The failed ping is the answer, not a failure of the check.
		return &grpchealth.CheckResponse{Status: grpchealth.StatusNotServing}, nil //nolint:nilerr // see above
	}
	return &grpchealth.CheckResponse{Status: grpchealth.StatusServing}, nil
}
