package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

func init() {
	register(&Command{
		Name:    "check",
		Summary: "Say whether `shopd serve` would start with this configuration, without starting it: one line per refusal and a non-zero exit code, or ok (for deploy scripts).",
		Run: func(_ context.Context, app *App, _ any, _ []string) error {
			if err := refusals(app); err != nil {
				return err
			}
			_, err := fmt.Fprintf(app.Stdout, "ok: ENV=%s would start\n", app.Config.Env)
			return err
		},
	})
}

// refusals is the error listing every setting production refuses (the
// configuration's own Refusals), or nil: serve and check share it.
func refusals(app *App) error {
	list := app.Config.Refusals()
	if len(list) == 0 {
		return nil
	}
	for _, r := range list {
		fmt.Fprintln(app.Stderr, "refused:", r)
	}
	return errors.New("production refuses to start: " + strings.Join(list, "; "))
}
