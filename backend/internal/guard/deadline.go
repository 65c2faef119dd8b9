// Package guard holds shopd's protections that are not about who calls:
// a deadline on every RPC, security headers on every response, and the
// per-user order rate limit.
package guard

import (
	"context"
	"time"

	"connectrpc.com/connect"
)

// Default RPC deadlines: a call that sets none gets DefaultTimeout, and no
// call may ask for more than MaxTimeout, so a stuck database or a client
// asking for an hour never holds a connection and a goroutine for long.
const (
	DefaultTimeout = 10 * time.Second
	MaxTimeout     = 30 * time.Second
)

// Deadline gives every unary RPC a deadline: def when the client set none
// (Connect-Timeout-Ms or grpc-timeout), and at most limit in any case.
func Deadline(def, limit time.Duration) connect.UnaryInterceptorFunc {
	return DeadlineWith(def, limit, nil)
}

// DeadlineWith is Deadline with longer deadlines for some procedures, both
// default and limit: a dry run of a 100 000-row catalogue file checks for
// longer than any other call.
func DeadlineWith(def, limit time.Duration, slow map[string]time.Duration) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if req.Spec().IsClient {
				return next(ctx, req)
			}
			def, limit := def, limit
			if d, ok := slow[req.Spec().Procedure]; ok {
				def, limit = d, d
			}
			timeout := def
			if d, ok := ctx.Deadline(); ok {
				timeout = min(time.Until(d), limit)
			}
			ctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			return next(ctx, req)
		}
	}
}
