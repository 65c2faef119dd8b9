package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/db"
)

type apikeyOpts struct {
	owner, name, scopes *string
	days                *int
}

func init() {
	register(&Command{
		Name:    "apikey create",
		Summary: "Create an API key for an integrator, acting for the admin --owner, and print its secret once (the back office's Claves de API, for a shop set up without a browser).",
		Flags: func(fs *flag.FlagSet) any {
			return apikeyOpts{
				owner:  fs.String("owner", "", "the e-mail of the admin the key acts for (required; they must have signed in once)"),
				name:   fs.String("name", "", "what the key is for, e.g. \"ERP\" (required)"),
				scopes: fs.String("scopes", "", "comma-separated scopes: "+strings.Join(auth.Scopes, ", ")+" (required)"),
				days:   fs.Int("days", 90, "days until the key expires, at most API_KEY_MAX_TTL"),
			}
		},
		Run: func(ctx context.Context, app *App, opts any, _ []string) error {
			o := opts.(apikeyOpts)
			if *o.owner == "" || strings.TrimSpace(*o.name) == "" || *o.scopes == "" {
				return errors.New("apikey create: --owner, --name and --scopes are required")
			}
			if *o.days < 1 {
				return errors.New("apikey create: --days must be 1 or more")
			}
			scopes := strings.Split(*o.scopes, ",")
			for i := range scopes {
				scopes[i] = strings.TrimSpace(scopes[i])
			}
			expires := time.Now().AddDate(0, 0, *o.days)
			return withDatabases(ctx, app, func(dbs *Databases) error {
				if err := db.Migrate(ctx, dbs.Primary); err != nil {
					return err
				}
				key, err := auth.IssueAPIKeyForAdmin(ctx, dbs.Primary, app.Config.AdminEmails, *o.owner, strings.TrimSpace(*o.name), scopes, expires, app.Config.APIKeyMaxTTL)
				if err != nil {
					return err
				}
				fmt.Fprintf(app.Stdout, "API key %d (%s), expires %s. Its secret, shown only now:\n%s\n",
					key.ID, key.Prefix, expires.UTC().Format(time.DateOnly), key.Secret)
				return nil
			})
		},
	})
}
