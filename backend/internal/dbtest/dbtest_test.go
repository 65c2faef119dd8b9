package dbtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
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

// TestFactories: the factories' rows are what the shop reads: a product
// visible where SoldIn says, and an admin the sign-in's company check finds.
func TestFactories(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "brasil"})
	id := dbtest.Product(t, pool, dbtest.ProductOpts{SoldIn: map[string]string{"brasil": "online"}})
	first := dbtest.Product(t, pool, dbtest.ProductOpts{ID: 7, Name: "Guaraná", PriceCents: 250})
	if first != 7 {
		t.Errorf("product with ID 7 got id %d", first)
	}
	var channel string
	if err := pool.QueryRow(ctx, `SELECT sales_channel FROM product_country_visibility
		WHERE product_id = $1 AND country_slug = 'brasil' AND is_visible`, id).Scan(&channel); err != nil || channel != "online" {
		t.Errorf("visibility of product %d = %q, %v; want online", id, channel, err)
	}
	admin := dbtest.Admin(t, pool, "Sabores", dbtest.PersonOpts{Subject: "ana"})
	shopper := dbtest.Shopper(t, pool, dbtest.PersonOpts{Subject: "rui"})
	q := db.New(pool)
	for user, want := range map[int64]bool{admin: true, shopper: false} {
		got, err := q.UserIsCompanyAdmin(ctx, db.UserIsCompanyAdminParams{UserID: user, Company: "Sabores"})
		if err != nil || got != want {
			t.Errorf("user %d admin = %v, %v; want %v", user, got, err, want)
		}
	}
}
