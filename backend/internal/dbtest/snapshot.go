package dbtest

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Snapshot copies pool's database as it is now into a new one and returns
// a pool on the copy: a backup taken now, restored later. Copying needs
// the source idle, so pool's connections are closed first (it opens new
// ones when used again); the caller must hold none.
func Snapshot(t testing.TB, pool *pgxpool.Pool) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	admin := adminURL()
	source := pool.Config().ConnConfig.Database
	pool.Reset()
	name := "sabores_test_" + randomHex(8)
	if err := exec(ctx, admin, "CREATE DATABASE "+quote(name)+" TEMPLATE "+quote(source)); err != nil {
		t.Fatalf("dbtest: snapshot %s: %v", source, err)
	}
	dbURL, err := withDatabase(admin, name)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	copied, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		t.Fatalf("dbtest: open the snapshot: %v", err)
	}
	t.Cleanup(func() {
		copied.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := exec(ctx, admin, "DROP DATABASE IF EXISTS "+quote(name)+" WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: drop database %s: %v", name, err)
		}
	})
	return copied
}
