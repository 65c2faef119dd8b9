package cli

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/server"
)

// ShopHandler is what `shopd serve` answers with once its database is
// ready, on dsn's database as it is (not migrated nor seeded): the same
// pool, wire, handler and front. The system tests serve it over httptest;
// the caller closes the pool.
func ShopHandler(ctx context.Context, app *App, dsn string) (http.Handler, *pgxpool.Pool, error) {
	cfg := app.Config
	pool, err := openPool(ctx, app, dsn, "primary", cfg.DBMaxConns, cfg.DBStatementTimeout)
	if err != nil {
		return nil, nil, err
	}
	h, _, err := handler(ctx, app, &Databases{Primary: pool, Read: pool})
	if err != nil {
		pool.Close()
		return nil, nil, err
	}
	gate := new(server.Gate)
	gate.Open(h)
	return front(app, gate), pool, nil
}
