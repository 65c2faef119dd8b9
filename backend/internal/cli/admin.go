package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
)

func init() {
	register(&Command{
		Name:    "admin grant",
		Args:    "EMAIL",
		Summary: "Make EMAIL an admin: at once if the person has signed in before, else on their first sign-in.",
		Run: func(ctx context.Context, app *App, _ any, args []string) error {
			if len(args) != 1 {
				return errors.New("admin grant: name exactly one email address")
			}
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := db.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				if err := auth.GrantAdmin(ctx, dbs.Primary, args[0]); err != nil {
					return err
				}
				fmt.Fprintf(app.Stdout, "%s is an admin.\n", args[0])
				return nil
			})
		},
	})
	register(&Command{
		Name:    "admin revoke",
		Args:    "EMAIL",
		Summary: "Take the admin role away from EMAIL (open sessions lose it at once) or withdraw a grant not used yet.",
		Run: func(ctx context.Context, app *App, _ any, args []string) error {
			if len(args) != 1 {
				return errors.New("admin revoke: name exactly one email address")
			}
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := db.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				if err := auth.RevokeAdmin(ctx, dbs.Primary, args[0]); err != nil {
					return err
				}
				fmt.Fprintf(app.Stdout, "%s is no longer an admin.\n", args[0])
				if slices.Contains(app.Config.AdminEmails, strings.ToLower(strings.TrimSpace(args[0]))) {
					fmt.Fprintf(app.Stdout, "It is still listed in ADMIN_EMAILS, which makes it an admin whatever the database says: remove it there too.\n")
				}
				return nil
			})
		},
	})
}
