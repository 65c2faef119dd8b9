package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

func init() {
	register(&Command{
		Name: "postgres",
		Summary: "Run only the embedded PostgreSQL in DATA_DIR/postgres until stopped, printing its connection string " +
			"(for tests on a machine without a server: TEST_DATABASE_URL, or psql).",
		Run: runPostgres,
	})
}

func runPostgres(ctx context.Context, app *App, _ any, _ []string) error {
	cluster, err := pgembed.Start(ctx, pgembed.Options{Dir: filepath.Join(app.Config.DataDir, "postgres"), Logger: app.Log})
	if err != nil {
		return err
	}
	fmt.Fprintf(app.Stdout, "DATABASE_URL=%s\n", cluster.DSN(""))
	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	return cluster.Stop(stopCtx)
}
