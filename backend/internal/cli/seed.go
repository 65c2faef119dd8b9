package cli

import (
	"context"
	"errors"
	"flag"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/seed"
)

func init() {
	register(&Command{
		Name: "seed",
		Summary: "Apply migrations, then load the sample catalogue (idempotent: rerunning leaves the same rows); " +
			"with --products N, also a deterministic catalogue of N generated products for benchmarks.",
		Flags: func(fs *flag.FlagSet) any {
			return fs.Int("products", 0, "also generate this many deterministic products (benchmarks); 0 for none")
		},
		Run: func(ctx context.Context, app *App, opts any, _ []string) error {
			products := *opts.(*int)
			if products < 0 {
				return errors.New("seed: --products must be 0 or more")
			}
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := db.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				app.Log.Info("loading the sample catalogue")
				if err := seed.Catalogue(ctx, dbs.Primary); err != nil {
					return err
				}
				if products == 0 {
					return nil
				}
				app.Log.Info("generating products", "count", products)
				return seed.Bulk(ctx, dbs.Primary, products, app.Stderr)
			})
		},
	})
}
