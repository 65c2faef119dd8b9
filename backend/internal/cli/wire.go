package cli

import (
	"context"
	"net/http"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/guard"
	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/server"
)

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (deadline and metrics first, then
// authentication and authorization, then the order rate limit, which needs
// to know the caller) and extra routes (/metrics; sign-in under /auth/,
// product images under /images/). Catalogue reads go to the read pool;
// everything that must see its own writes uses the primary.
func wire(_ context.Context, _ *App, dbs *Databases) (server.Options, error) {
	m := metrics.New()
	if err := m.Register(metrics.Pool("primary", dbs.Primary)); err != nil {
		return server.Options{}, err
	}
	if dbs.Read != dbs.Primary {
		if err := m.Register(metrics.Pool("read", dbs.Read)); err != nil {
			return server.Options{}, err
		}
	}
	interceptors := []connect.Interceptor{
		guard.Deadline(guard.DefaultTimeout, guard.MaxTimeout),
		m.Interceptor(),
	}
	interceptors = append(interceptors, guard.OrderLimit(guard.OrderInterval, guard.OrderBurst))
	return server.Options{
		Services: server.Services{
			Catalog:   catalog.New(dbs.Read),
			Promotion: promotion.New(dbs.Read),
			Cart:      cart.New(dbs.Primary),
			Order:     order.New(dbs.Primary),
			Account:   account.New(dbs.Primary),
		},
		Interceptors: interceptors,
		Routes: func(mux *http.ServeMux) {
			mux.Handle("GET /metrics", m.Handler())
		},
	}, nil
}
