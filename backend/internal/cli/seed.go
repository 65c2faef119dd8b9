package cli

import (
	"context"
	"errors"
	"flag"

	"github.com/sabores/sabores/backend/internal/database"
	"github.com/sabores/sabores/backend/internal/seed"
)

type seedOpts struct {
	products *int
}

func init() {
	register(&Command{
		Name: "seed",
		Summary: "Apply migrations, then load the sample catalogue (idempotent: rerunning leaves the same rows); " +
			"with --products N also a deterministic generated catalogue of N products, for benchmarks.",
		Flags: func(fs *flag.FlagSet) any {
			return seedOpts{products: fs.Int("products", 0, "also generate this many products (replacing earlier generated ones)")}
		},
		Run: func(ctx context.Context, app *App, opts any, _ []string) error {
			n := *opts.(seedOpts).products
			if n < 0 {
				return errors.New("seed: --products must not be negative")
			}
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := database.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				app.Log.Info("loading the sample catalogue")
				if err := seed.Catalogue(ctx, dbs.Primary); err != nil {
					return err
				}
				if n == 0 {
					return nil
				}
				app.Log.Info("generating products", "count", n)
				return seed.Bulk(ctx, dbs.Primary, n, app.Stderr)
			})
		},
	})
}
