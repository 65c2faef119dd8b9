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
		ratelimit.New(interval, burst).Interceptor(auth.CallerKey, saboresv1connect.ContactServiceSubscribeNewsletterProcedure),
		ratelimit.New(interval, burst).Interceptor(auth.CallerKey, saboresv1connect.ContactServiceSendContactMessageProcedure),
	}
}
