package cli

import (
	"context"

	"github.com/sabores/sabores/backend/internal/database"
	"github.com/sabores/sabores/backend/internal/seed"
)

func init() {
	register(&Command{
		Name:    "seed",
		Summary: "Apply migrations, then load the sample catalogue (idempotent: rerunning leaves the same rows).",
		Run: func(ctx context.Context, app *App, _ any, _ []string) error {
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := database.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				app.Log.Info("loading the sample catalogue")
				return seed.Catalogue(ctx, dbs.Primary)
			})
		},
	})
}
