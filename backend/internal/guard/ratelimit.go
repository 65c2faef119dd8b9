package guard

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
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
	return limitProcedures(ratelimit.NewSharedBuckets(pool, interval, burst).Allow, callerKey, saboresv1connect.OrderServicePlaceOrderProcedure)
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

// ContactLimit limits SubscribeNewsletter, SendContactMessage and
// RequestBackInStockAlert per caller,
// as OrderLimit does PlaceOrder, each on a budget of its own.
func ContactLimit(interval time.Duration, burst int) []connect.Interceptor {
	return []connect.Interceptor{
		limitProcedures(inMemory(ratelimit.New(interval, burst)), callerKey, saboresv1connect.ContactServiceSubscribeNewsletterProcedure),
		limitProcedures(inMemory(ratelimit.New(interval, burst)), callerKey, saboresv1connect.ContactServiceSendContactMessageProcedure),
		limitProcedures(inMemory(ratelimit.New(interval, burst)), callerKey, saboresv1connect.ContactServiceRequestBackInStockAlertProcedure),
	}
}

// KeyFunc names the caller of an RPC, such as "user:42".
type KeyFunc func(ctx context.Context, req connect.AnyRequest) string

// callerKey is auth.CallerKey for an RPC.
func callerKey(ctx context.Context, req connect.AnyRequest) string {
	return auth.CallerKey(ctx, req.Peer().Addr)
}

// inMemory is a replica's own limiter as the allow function limitProcedures takes.
func inMemory(l *ratelimit.Limiter) func(context.Context, string) (bool, time.Duration) {
	return func(_ context.Context, key string) (bool, time.Duration) { return l.Allow(key) }
}

// limitProcedures refuses the given procedures when allow says no for the
// caller named by key (callerKey: the signed-in user, else the API key,
// else the client address), with ResourceExhausted and a RetryInfo
// detail saying when to try again.
func limitProcedures(allow func(context.Context, string) (bool, time.Duration), key KeyFunc, procedures ...string) connect.UnaryInterceptorFunc {
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
func exhausted(wait time.Duration) *connect.Error {
	err := connect.NewError(connect.CodeResourceExhausted,
		fmt.Errorf("too many requests, try again in %d s", int(math.Ceil(wait.Seconds()))))
	if detail, derr := connect.NewErrorDetail(&errdetails.RetryInfo{RetryDelay: durationpb.New(wait)}); derr == nil {
		err.AddDetail(detail)
	}
	return err
}

// API key rate: an integrator's key may make KeyBurst calls at once, then
// one per KeyInterval (5 a second), shared by every replica. A stock sync of
// 1 000 SKUs is one call; a key polling in a tight loop is slowed, and the
// shop's own shoppers keep the database.
const (
	KeyInterval = 200 * time.Millisecond
	KeyBurst    = 300
)

// KeyLimit limits every call made with an API key, per key, and announces
// the limit on each answer with the IETF draft's fields
// (draft-ietf-httpapi-ratelimit-headers): RateLimit-Policy names the quota
// (q calls in a window of w seconds: the burst, and the time it takes to
// refill), RateLimit what is left (r calls; t seconds until the quota is
// whole again). Beyond it the call is refused with ResourceExhausted, a
// RetryInfo detail and Retry-After. Calls without a key pass untouched: the
// shoppers' limits are OrderLimit's and ContactLimit's.
func KeyLimit(pool *pgxpool.Pool, interval time.Duration, burst int) connect.UnaryInterceptorFunc {
	buckets := ratelimit.NewSharedBuckets(pool, interval, burst)
	policy := fmt.Sprintf(`"api-key";q=%d;w=%d`, burst, seconds(time.Duration(burst)*interval))
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			key := auth.FromContext(ctx).APIKeyID
			if req.Spec().IsClient || key == 0 {
				return next(ctx, req)
			}
			taken := buckets.Take(ctx, "apikey:"+strconv.FormatInt(key, 10))
			announce := func(h http.Header) {
				h.Set("RateLimit-Policy", policy)
				h.Set("RateLimit", fmt.Sprintf(`"api-key";r=%d;t=%d`, taken.Left, seconds(taken.Full)))
			}
			if !taken.Allowed {
				err := exhausted(taken.Wait)
				announce(err.Meta())
				err.Meta().Set("Retry-After", strconv.Itoa(seconds(taken.Wait)))
				return nil, err
			}
			res, err := next(ctx, req)
			if err != nil {
				if cerr := new(connect.Error); errors.As(err, &cerr) {
					announce(cerr.Meta())
				}
				return res, err
			}
			announce(res.Header())
			return res, nil
		}
	}
}

// seconds rounds d up to whole seconds, at least one.
func seconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
