package cli

import (
	"context"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/server"
)

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (authentication) and extra routes
// (sign-in under /auth/, product images under /images/). Catalogue reads go
// to the read pool; everything that must see its own writes uses the primary.
func wire(_ context.Context, _ *App, dbs *Databases) (server.Options, error) {
	return server.Options{
		Services: server.Services{
			Catalog:   catalog.New(dbs.Read),
			Promotion: promotion.New(dbs.Read),
			Cart:      cart.New(dbs.Primary),
			Order:     order.New(dbs.Primary),
			Account:   account.New(dbs.Primary),
		},
	}, nil
}
