package dbtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

func TestNewGivesIsolatedMigratedDatabases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, b := dbtest.New(t), dbtest.New(t)

	var nameA, nameB string
	if err := a.QueryRow(ctx, "SELECT current_database()").Scan(&nameA); err != nil {
		t.Fatal(err)
	}
	if err := b.QueryRow(ctx, "SELECT current_database()").Scan(&nameB); err != nil {
		t.Fatal(err)
	}
	if nameA == nameB {
		t.Fatalf("two New calls share database %s", nameA)
	}
	if _, err := a.Exec(ctx, "INSERT INTO companies (name) VALUES ('only in a')"); err != nil {
		t.Fatalf("insert into migrated schema: %v", err)
	}
	var n int
	if err := b.QueryRow(ctx, "SELECT count(*) FROM companies").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("companies in the other database = %d, want 0", n)
	}
}

func TestDatabaseDroppedOnCleanup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	admin := dbtest.New(t)
	var name string
	t.Run("inner", func(t *testing.T) {
		pool := dbtest.New(t)
		if err := pool.QueryRow(ctx, "SELECT current_database()").Scan(&name); err != nil {
			t.Fatal(err)
		}
	})
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if exists {
		t.Errorf("database %s still exists after its test ended", name)
	}
}

func TestURLOpensTheSameDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	second, err := pgxpool.New(ctx, dbtest.URL(pool))
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if _, err := pool.Exec(ctx, "INSERT INTO companies (name) VALUES ('shared')"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := second.QueryRow(ctx, "SELECT count(*) FROM companies WHERE name = 'shared'").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("second pool sees %d rows, want 1", n)
	}
}
