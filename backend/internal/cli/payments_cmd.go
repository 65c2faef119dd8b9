package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/payment"
)

func init() {
	register(&Command{
		Name: "payments release-refunds",
		Summary: "Let the Redsys refunds held since a restore be asked, once Redsys's portal shows that none of " +
			"them was made after the backup. Audited.",
		Run: func(ctx context.Context, app *App, _ any, args []string) error {
			if len(args) != 0 {
				return errors.New("payments release-refunds: takes no arguments")
			}
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := db.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				n, err := payment.ReleaseRefunds(ctx, dbs.Primary, auth.CommandLine)
				if err != nil {
					return err
				}
				fmt.Fprintf(app.Stdout, "%d held refunds released: the refund jobs ask Redsys for them within 15 minutes.\n", n)
				return nil
			})
		},
	})
}
