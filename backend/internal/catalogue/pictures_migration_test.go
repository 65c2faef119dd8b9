package catalogue_test

import (
	"context"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

// TestMigrationMovesGeneratedPicturesToRaster: migration 00711 points the
// catalogue's generated pictures at their raster URLs (productimage) and
// leaves uploaded ones and other sites' alone; down again, the SVG ones.
func TestMigrationMovesGeneratedPicturesToRaster(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	provider := dbtest.Migrations(t, pool)
	if _, err := provider.DownTo(ctx, 710); err != nil {
		t.Fatalf("down to before raster pictures: %v", err)
	}
	before := map[string]string{
		"/images/products/bebidas/guarana-antarctica.svg": "/images/products/bebidas/guarana-antarctica.jpg",
		"/images/categories/doces.svg":                    "/images/categories/doces.jpg",
		"/uploads/products/ab12-480.jpg":                  "/uploads/products/ab12-480.jpg",
		"https://cdn.example.com/x.svg":                   "https://cdn.example.com/x.svg",
	}
	ids := map[string]int64{}
	for url := range before {
		ids[url] = dbtest.Product(t, pool, dbtest.ProductOpts{ImageURL: url})
	}
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "brasil"})
	dbtest.Country(t, pool, dbtest.CountryOpts{Slug: "peru"})
	if _, err := pool.Exec(ctx, `UPDATE countries SET image_url = '/images/flags/' || slug || '.svg' WHERE slug = 'brasil'`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE countries SET image_url = '/uploads/peru.jpg' WHERE slug = 'peru'`); err != nil {
		t.Fatal(err)
	}
	check := func(when string, products map[string]string, flag string) {
		t.Helper()
		for old, want := range products {
			var got string
			if err := pool.QueryRow(ctx, `SELECT image_url FROM products WHERE id = $1`, ids[old]).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("%s: the product pictured by %s has %s, want %s", when, old, got, want)
			}
		}
		var brasil, peru string
		if err := pool.QueryRow(ctx, `SELECT (SELECT image_url FROM countries WHERE slug = 'brasil'), (SELECT image_url FROM countries WHERE slug = 'peru')`).Scan(&brasil, &peru); err != nil {
			t.Fatal(err)
		}
		if brasil != flag || peru != "/uploads/peru.jpg" {
			t.Errorf("%s: Brasil's picture %s, Peru's %s; want %s and /uploads/peru.jpg", when, brasil, peru, flag)
		}
	}
	if _, err := provider.Up(ctx); err != nil {
		t.Fatalf("up again: %v", err)
	}
	check("up", before, "/images/flags/brasil.png")
	if _, err := provider.DownTo(ctx, 710); err != nil {
		t.Fatalf("down again: %v", err)
	}
	unchanged := map[string]string{}
	for old := range before {
		unchanged[old] = old
	}
	check("down", unchanged, "/images/flags/brasil.svg")
}
