package guard

import (
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/ratelimit"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// Order rate: a shopper may place OrderBurst orders at once, then one per
// OrderInterval. A real checkout takes minutes; a script placing orders in
// a loop (to hold stock, or with stolen cards) is stopped at once.
const (
	OrderInterval = 10 * time.Second
	OrderBurst    = 5
)

// OrderLimit limits PlaceOrder per caller (the signed-in user, else the API
// key, else the client address): beyond the rate it answers
// ResourceExhausted with a RetryInfo detail saying when to try again. The
// buckets are in pool's database, so the limit holds for the shop however
// many replicas serve it. It must run after authentication, which puts the
// caller in the context.
func OrderLimit(pool *pgxpool.Pool, interval time.Duration, burst int) connect.Interceptor {
	return ratelimit.NewSharedBuckets(pool, interval, burst).Interceptor(auth.CallerKey, saboresv1connect.OrderServicePlaceOrderProcedure)
}
