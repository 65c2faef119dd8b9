package catalogueapi_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestCatalogCountsMatchCounting changes products every way the shop does
// (bulk inserts, edits of category and sections, visibility flipping
// sold_online, stock sales, deletes, truncation) and checks after each step
// that the totals the triggers of migrations 00040 and 00252 keep equal what counting
// the products gives, for every filter a listing can combine.
func TestCatalogCountsMatchCounting(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	q := db.New(pool)
	categories := []string{"alimentos", "bebidas", "doces"}
	sections := []string{"lanzamientos", "populares", "ofertas"}
	check := func(step string) {
		t.Helper()
		for _, c := range append([]string{""}, categories...) {
			for _, s := range append([]string{""}, sections...) {
				got, err := q.CountProducts(ctx, db.CountProductsParams{Category: c, OnlineCategory: s})
				if err != nil {
					t.Fatalf("%s: CountProducts(%q, %q): %v", step, c, s, err)
				}
				var want int64
				if err := pool.QueryRow(ctx, `SELECT count(*) FROM products p WHERE p.sold_online
					AND ($1 = '' OR p.category = $1) AND ($2 = '' OR p.online_categories @> ARRAY[$2])`, c, s).Scan(&want); err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("%s: count of category %q section %q = %d, counting gives %d", step, c, s, got, want)
				}
			}
		}
	}
	check("empty catalogue")

	mustExec(t, pool, `INSERT INTO countries (slug, name) VALUES ('brasil', 'Brasil')`)
	// Sections repeat and include an empty one on purpose: a product counts
	// once per section, and '' is never a section.
	mustExec(t, pool, `
		INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, stock)
		SELECT i, 'Produto ' || i, 'P-' || i, 'S-' || i, (ARRAY['alimentos', 'bebidas', 'doces'])[1 + i % 3],
		       CASE i % 5 WHEN 0 THEN '{}' WHEN 1 THEN '{lanzamientos}' WHEN 2 THEN '{lanzamientos,populares}'
		            WHEN 3 THEN '{populares,populares,""}' ELSE '{ofertas,lanzamientos}' END::text[],
		       100, 1000, 10
		FROM generate_series(1, 300) AS i`)
	check("bulk insert")

	rng := rand.New(rand.NewPCG(7, 11))
	edits := []func() string{
		func() string {
			id := 1 + rng.IntN(300)
			mustExec(t, pool, `UPDATE products SET category = $2 WHERE id = $1`, id, categories[rng.IntN(3)])
			return fmt.Sprintf("category of %d", id)
		},
		func() string {
			id := 1 + rng.IntN(300)
			mustExec(t, pool, `UPDATE products SET online_categories = $2 WHERE id = $1`, id, []string{sections[rng.IntN(3)], sections[rng.IntN(3)]})
			return fmt.Sprintf("sections of %d", id)
		},
		func() string {
			id := 1 + rng.IntN(300)
			channel := []string{"online", "physical", "both"}[rng.IntN(3)]
			mustExec(t, pool, `INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel)
				VALUES ($1, 'brasil', $2, $3) ON CONFLICT (product_id, country_slug)
				DO UPDATE SET is_visible = EXCLUDED.is_visible, sales_channel = EXCLUDED.sales_channel`, id, rng.IntN(2) == 0, channel)
			return fmt.Sprintf("visibility of %d: %s", id, channel)
		},
		func() string {
			id := 1 + rng.IntN(300)
			mustExec(t, pool, `DELETE FROM product_country_visibility WHERE product_id = $1`, id)
			return fmt.Sprintf("visibility of %d removed", id)
		},
		func() string {
			id := 1 + rng.IntN(300)
			mustExec(t, pool, `UPDATE products SET stock = greatest(stock - 1, 0), price_cents = price_cents + 1 WHERE id = $1`, id)
			return fmt.Sprintf("sale of %d", id)
		},
		func() string {
			from := 1 + rng.IntN(300)
			mustExec(t, pool, `UPDATE products SET category = 'doces', online_categories = '{ofertas}' WHERE id BETWEEN $1 AND $1 + 20`, from)
			return fmt.Sprintf("bulk edit from %d", from)
		},
	}
	for i := range 60 {
		check(fmt.Sprintf("edit %d (%s)", i, edits[rng.IntN(len(edits))]()))
	}

	// A catalogue import moves every product at once, in one statement.
	mustExec(t, pool, `UPDATE products SET online_categories = CASE WHEN id % 2 = 0 THEN '{populares}' ELSE '{}' END::text[],
		category = (ARRAY['alimentos', 'bebidas', 'doces'])[1 + id % 3]`)
	check("every product's sections in one statement")

	mustExec(t, pool, `DELETE FROM products WHERE id % 4 = 0`)
	check("bulk delete")
	inTx(t, pool, `UPDATE products SET category = 'bebidas' WHERE id < 50`, `DELETE FROM products WHERE id BETWEEN 40 AND 60`)
	check("edit and delete in one transaction")
	mustExec(t, pool, `TRUNCATE products CASCADE`)
	check("truncate")
}

func inTx(t *testing.T, pool *pgxpool.Pool, stmts ...string) {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	for _, s := range stmts {
		if _, err := tx.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
}
