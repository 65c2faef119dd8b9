package dbtest

import (
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"github.com/sabores/sabores/sql/migrations"
)

// Migrations is the goose provider over pool's database (one of New's),
// for a test that takes the schema down to before a migration, writes the
// rows it has to move and runs it.
func Migrations(t testing.TB, pool *pgxpool.Pool) *goose.Provider {
	t.Helper()
	provider, err := goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(pool), migrations.FS, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatalf("dbtest: migration provider: %v", err)
	}
	return provider
}
