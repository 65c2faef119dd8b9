package guard

import (
	"context"
	"fmt"
	"math"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/types/known/durationpb"

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
	return limit(ratelimit.NewSharedBuckets(pool, interval, burst).Allow, auth.CallerKey, saboresv1connect.OrderServicePlaceOrderProcedure)
}

// Contact rate: the newsletter box and the contact form, per caller (the
// client address for a guest). A person subscribes or writes a few times;
// a script filling the form (spam, or mail-bombing a stranger through the
// confirmation e-mail) is stopped after ContactBurst, then let through once
// per ContactInterval.
const (
	ContactInterval = time.Minute
	ContactBurst    = 3
)

// ContactLimit limits SubscribeNewsletter and SendContactMessage per caller,
// as OrderLimit does PlaceOrder, each on a budget of its own.
func ContactLimit(interval time.Duration, burst int) []connect.Interceptor {
	return []connect.Interceptor{
		limit(inMemory(ratelimit.New(interval, burst)), auth.CallerKey, saboresv1connect.ContactServiceSubscribeNewsletterProcedure),
		limit(inMemory(ratelimit.New(interval, burst)), auth.CallerKey, saboresv1connect.ContactServiceSendContactMessageProcedure),
	}
}

// keyFunc names the caller of an RPC, such as "user:42" (auth.CallerKey).
type keyFunc func(ctx context.Context, req connect.AnyRequest) string

// inMemory is l's Allow as limit takes it: one replica's own buckets need
// no context.
func inMemory(l *ratelimit.Limiter) func(context.Context, string) (bool, time.Duration) {
	return func(_ context.Context, k string) (bool, time.Duration) { return l.Allow(k) }
}

// limit refuses the given procedures when allow says no for the caller
// named by key: ResourceExhausted with a RetryInfo detail.
func limit(allow func(context.Context, string) (bool, time.Duration), key keyFunc, procedures ...string) connect.UnaryInterceptorFunc {
	limited := make(map[string]bool, len(procedures))
	for _, p := range procedures {
		limited[p] = true
	}
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if req.Spec().IsClient || !limited[req.Spec().Procedure] {
				return next(ctx, req)
			}
			if ok, wait := allow(ctx, key(ctx, req)); !ok {
				return nil, exhausted(wait)
			}
			return next(ctx, req)
		}
	}
}

// exhausted is the error of a refused call, telling the client when to retry.
func exhausted(wait time.Duration) error {
	err := connect.NewError(connect.CodeResourceExhausted,
		fmt.Errorf("too many requests, try again in %d s", int(math.Ceil(wait.Seconds()))))
	if detail, derr := connect.NewErrorDetail(&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)}); derr == nil {
		err.AddDetail(detail)
	}
	return err
}
