package seed_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/seed"
)

// snapshot renders every seeded table as text, ordered, so two snapshots
// are equal exactly when the rows are.
func snapshot(t *testing.T, pool *pgxpool.Pool) map[string]string {
	t.Helper()
	queries := map[string]string{
		"companies":     "SELECT id, name FROM companies ORDER BY id",
		"users":         "SELECT id, issuer, subject, email, full_name, registration_type FROM users ORDER BY id",
		"company_users": "SELECT user_id, company_id, role, active FROM company_users ORDER BY user_id, company_id",
		"countries":     "SELECT slug, name, flag_emoji, image_url, background_classes, href, sort_order, show_on_home, aliases FROM countries ORDER BY slug",
		"products":      "SELECT id, name, code, sku, price_cents, vat_basis_points, stock, rating, online_categories, country_slug, created_at, sold_online FROM products ORDER BY id",
		"price_history": "SELECT product_id, price_cents, valid_from FROM price_history ORDER BY product_id, valid_from",
		"visibility":    "SELECT product_id, country_slug, is_visible, sales_channel FROM product_country_visibility ORDER BY product_id, country_slug",
		"promotions":    "SELECT id, product_id, is_active, starts_at, ends_at, promotion_type, discount_basis_points, fixed_price_cents FROM product_promotions ORDER BY id",
		"customers":     "SELECT id, user_id, name, customer_type, email, active FROM customers ORDER BY id",
		"orders":        "SELECT id, user_id, customer_id, idempotency_key, status, total_cents, vat_cents, created_at FROM orders ORDER BY id",
		"order_lines":   "SELECT order_id, line_no, product_id, product_name, quantity, unit_price_cents, line_total_cents FROM order_lines ORDER BY order_id, line_no",
	}
	out := make(map[string]string, len(queries))
	for table, q := range queries {
		rows, err := pool.Query(context.Background(), q)
		if err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		var b strings.Builder
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				t.Fatalf("%s: %v", table, err)
			}
			fmt.Fprintln(&b, vals...)
		}
		if err := rows.Err(); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		out[table] = b.String()
	}
	return out
}

func TestCatalogueIsIdempotent(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	first := snapshot(t, pool)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatalf("second Catalogue: %v", err)
	}
	second := snapshot(t, pool)
	for table, rows := range first {
		if rows == "" {
			t.Errorf("%s is empty after seeding", table)
		}
		if second[table] != rows {
			t.Errorf("%s changed on the second run:\nfirst:\n%s\nsecond:\n%s", table, rows, second[table])
		}
	}
}
