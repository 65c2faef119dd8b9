package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/sabores/sabores/backend/internal/config"
)

type configOpts struct {
	markdown *bool
}

func init() {
	register(&Command{
		Name:    "config",
		Summary: "Print the effective configuration (secrets redacted), or with --markdown the README's table of options.",
		Flags: func(fs *flag.FlagSet) any {
			return configOpts{markdown: fs.Bool("markdown", false, "print the table of every option as Markdown")}
		},
		Run: func(_ context.Context, app *App, opts any, _ []string) error {
			if *opts.(configOpts).markdown {
				_, err := fmt.Fprint(app.Stdout, config.Markdown())
				return err
			}
			for _, o := range config.Options() {
				if _, err := fmt.Fprintf(app.Stdout, "%s=%s\n", o.Env, o.Value(app.Config)); err != nil {
					return err
				}
			}
			return nil
		},
	})
}
