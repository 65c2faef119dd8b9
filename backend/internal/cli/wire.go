package cli

import (
	"context"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/catalogcache"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/server"
)

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (authentication) and extra routes
// (sign-in under /auth/, product images under /images/). Catalogue reads go
// to the read pool, through an in-process cache that the primary's
// catalog_changed notifications invalidate (a replica cannot LISTEN);
// everything that must see its own writes uses the primary. The cache's
// listener runs until ctx ends.
func wire(ctx context.Context, app *App, dbs *Databases) (server.Options, error) {
	cache := catalogcache.New(catalogcache.Options{Logger: app.Log})
	go cache.Listen(ctx, dbs.Primary, nil)
	return server.Options{
		ReadCache: cache.Middleware,
		Services: server.Services{
			Catalog:   catalogcache.NewCatalog(cache, catalog.New(dbs.Read)),
			Promotion: catalogcache.NewPromotions(cache, promotion.New(dbs.Read)),
			Cart:      cart.New(dbs.Primary),
			Order:     order.New(dbs.Primary),
			Account:   account.New(dbs.Primary),
		},
	}, nil
}
