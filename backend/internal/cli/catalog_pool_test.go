package cli

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// TestCatalogReadsDoNotWaitForThePrimaryPool: with every connection of the
// primary pool taken (as order transactions take them under load), the
// storefront's catalogue reads still answer at once from their own pool.
func TestCatalogReadsDoNotWaitForThePrimaryPool(t *testing.T) {
	t.Parallel()
	seeded := dbtest.NewSeeded(t)
	ctx := t.Context()
	cfg := config.Default()
	cfg.SeedOnEmpty = false
	app := &App{Config: cfg, Log: slog.New(slog.DiscardHandler), Stdout: io.Discard}
	dbs, err := openDatabases(ctx, withDSN(app, dbtest.URL(seeded)), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dbs.Close(context.WithoutCancel(ctx), app) })
	h, _, err := handler(ctx, app, dbs)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	held := holdAll(t, dbs.Primary)
	t.Logf("holding %d primary connections", held)
	catalog := saboresv1connect.NewCatalogServiceClient(http.DefaultClient, srv.URL)
	for _, category := range []string{"bebidas", "alimentos"} {
		rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		res, err := catalog.ListProducts(rctx, connect.NewRequest(&saboresv1.ListProductsRequest{Category: category}))
		cancel()
		if err != nil {
			t.Fatalf("ListProducts %s with the primary pool exhausted: %v", category, err)
		}
		if len(res.Msg.GetProducts()) == 0 {
			t.Fatalf("ListProducts %s: no products", category)
		}
	}
}

// withDSN returns app with DATABASE_URL set to dsn.
func withDSN(app *App, dsn string) *App {
	app.Config.DatabaseURL = dsn
	return app
}

// holdAll acquires every connection pool can still give until the test
// ends and returns how many it took.
func holdAll(t *testing.T, pool *pgxpool.Pool) int {
	t.Helper()
	var held int
	for {
		actx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
		conn, err := pool.Acquire(actx)
		cancel()
		if err != nil {
			break
		}
		held++
		t.Cleanup(conn.Release)
	}
	if held == 0 {
		t.Fatal("could not take any primary connection")
	}
	return held
}
