package db_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// emptyDatabase returns a pool on a database with no schema at all: dbtest's
// databases come migrated, so the schema is taken down to version 0 first.
func emptyDatabase(t *testing.T) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	pool := dbtest.New(t)
	if _, err := pool.Exec(ctx, `
		DROP TABLE goose_db_version;
		DROP SCHEMA public CASCADE;
		CREATE SCHEMA public;`); err != nil {
		t.Fatalf("empty the database: %v", err)
	}
	return pool
}

func TestMigrateFromEmpty(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := emptyDatabase(t)

	if err := db.Migrate(ctx, pool); err != nil {
		t.Fatalf("Migrate: %v", err)
	}
	var tables int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'
		AND tablename IN ('products', 'countries', 'product_country_visibility', 'orders', 'order_lines')`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 5 {
		t.Errorf("core tables after Migrate = %d, want 5", tables)
	}
	// A second run finds nothing to do and must not fail.
	if err := db.Migrate(ctx, pool); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
}

func TestMigrateConcurrently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := emptyDatabase(t)

	// Several shopd processes starting at once: each has its own pool.
	const processes = 4
	var wg sync.WaitGroup
	errs := make([]error, processes)
	for i := range processes {
		wg.Go(func() {
			p, err := db.Open(ctx, dbtest.URL(pool), db.WithMaxConns(2))
			if err != nil {
				errs[i] = err
				return
			}
			defer p.Close()
			errs[i] = db.Migrate(ctx, p)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent Migrate: %v", err)
	}
	var applied int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM goose_db_version WHERE version_id = 1").Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if applied != 1 {
		t.Errorf("migration 1 recorded %d times, want once", applied)
	}
}

func TestDownAndUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)

	provider, err := db.NewProvider(pool)
	if err != nil {
		t.Fatal(err)
	}
	defer provider.Close()
	if _, err := provider.DownTo(ctx, 0); err != nil {
		t.Fatalf("DownTo(0): %v", err)
	}
	// River's tables are River's migrator's to remove, not goose's.
	var tables int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'
		AND tablename <> 'goose_db_version' AND tablename NOT LIKE 'river\_%'`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != 0 {
		t.Errorf("tables left after DownTo(0) = %d, want 0", tables)
	}
	if err := db.Migrate(ctx, pool); err != nil {
		t.Fatalf("Migrate after DownTo(0): %v", err)
	}
}

func TestOpenBadURL(t *testing.T) {
	t.Parallel()
	if _, err := db.Open(context.Background(), "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"); err == nil {
		t.Fatal("Open on a closed port succeeded")
	}
}
