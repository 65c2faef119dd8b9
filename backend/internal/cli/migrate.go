package cli

import (
	"context"
	"fmt"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/seed"
)

func init() {
	register(&Command{
		Name:    "migrate",
		Summary: "Apply pending database migrations and exit (serve does this too).",
		Run: func(ctx context.Context, app *App, _ any, _ []string) error {
			return withDatabases(ctx, app, func(dbs *Databases) error {
				return db.Migrate(ctx, dbs.Primary)
			})
		},
	})
}

// withDatabases runs fn with the databases open and closes them after,
// stopping the embedded cluster if one was started.
func withDatabases(ctx context.Context, app *App, fn func(*Databases) error) error {
	dbs, err := openDatabases(ctx, app, false)
	if err != nil {
		return err
	}
	defer dbs.Close(context.WithoutCancel(ctx), app)
	return fn(dbs)
}

// prepare brings the schema up to date and, when SEED_ON_EMPTY is set and
// there are no products yet, loads the sample catalogue, so a first start
// shows a shop with something in it.
func prepare(ctx context.Context, app *App, dbs *Databases) error {
	pool, err := dbs.maintenance(ctx, app)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := db.Migrate(ctx, pool); err != nil {
		return err
	}
	if !app.Config.SeedOnEmpty {
		return nil
	}
	var empty bool
	if err := pool.QueryRow(ctx, "SELECT NOT EXISTS (SELECT 1 FROM products)").Scan(&empty); err != nil {
		return fmt.Errorf("look for products: %w", err)
	}
	if !empty {
		return nil
	}
	app.Log.Info("empty database: loading the sample catalogue (SEED_ON_EMPTY)")
	if err := seed.Catalogue(ctx, pool); err != nil {
		return fmt.Errorf("seed sample catalogue: %w", err)
	}
	return nil
}
