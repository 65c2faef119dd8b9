package cli

import (
	"context"
	"fmt"

	"connectrpc.com/connect"

	"github.com/sabores/sabores/backend/internal/account"
	"github.com/sabores/sabores/backend/internal/admin"
	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/authz"
	"github.com/sabores/sabores/backend/internal/cart"
	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/order"
	"github.com/sabores/sabores/backend/internal/productimage"
	"github.com/sabores/sabores/backend/internal/promotion"
	"github.com/sabores/sabores/backend/internal/server"
	"github.com/sabores/sabores/backend/internal/visibility"
)

// wire builds what `shopd serve` serves: the service implementations, the
// interceptors that run before validation (who is calling, then what they
// may do) and extra routes (sign-in, product pictures). Catalogue reads go to the read pool;
// everything that must see its own writes uses the primary.
func wire(_ context.Context, app *App, dbs *Databases) (server.Options, error) {
	cfg := app.Config
	signIn, err := auth.New(dbs.Primary, auth.Config{
		PublicURL:          cfg.PublicURL,
		DevSignIn:          cfg.DevSignIn,
		GoogleIssuer:       cfg.GoogleIssuer,
		GoogleClientID:     cfg.GoogleClientID,
		GoogleClientSecret: cfg.GoogleClientSecret,
		AdminEmails:        cfg.AdminEmails,
		SessionTTL:         cfg.SessionTTL,
		AllowedOrigins:     cfg.AllowedOrigins,
	})
	if err != nil {
		return server.Options{}, fmt.Errorf("sign-in: %w", err)
	}
	routes := signIn.Routes()
	routes[productimage.Prefix] = productimage.Handler()
	return server.Options{
		Services: server.Services{
			Catalog:    catalog.New(dbs.Read),
			Promotion:  promotion.New(dbs.Read),
			Cart:       cart.New(dbs.Primary),
			Order:      order.New(dbs.Primary),
			Account:    account.New(dbs.Primary),
			Visibility: visibility.New(dbs.Primary),
			Admin:      admin.New(dbs.Primary, signIn),
		},
		Interceptors: []connect.Interceptor{signIn.Interceptor(), authz.New(signIn.Origins())},
		Routes:       routes,
	}, nil
}
