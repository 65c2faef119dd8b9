package seed_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/productimage"
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
		"products":      "SELECT id, name, code, sku, price_cents, vat_basis_points, stock, rating, review_count, online_categories, country_slug, created_at, sold_online FROM products ORDER BY id",
		"price_history": "SELECT product_id, price_cents, valid_from FROM price_history ORDER BY product_id, valid_from",
		"visibility":    "SELECT product_id, country_slug, is_visible, sales_channel FROM product_country_visibility ORDER BY product_id, country_slug",
		"promotions":    "SELECT id, product_id, is_active, starts_at, ends_at, promotion_type, discount_basis_points, fixed_price_cents FROM product_promotions ORDER BY id",
		"customers":     "SELECT id, user_id, name, customer_type, email, active FROM customers ORDER BY id",
		"orders":        "SELECT id, user_id, customer_id, idempotency_key, status, total_cents, vat_cents, created_at FROM orders ORDER BY id",
		"reviews":       "SELECT order_id, product_id, author, stars, body, status FROM product_reviews ORDER BY order_id, product_id",
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

// count runs a count query on pool.
func count(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

func TestCatalogueContent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.NewSeeded(t)

	checks := []struct {
		name     string
		sql      string
		min, max int
	}{
		{"products", "SELECT count(*) FROM products", 45, 55},
		{"countries", "SELECT count(*) FROM countries", 11, 11},
		{"launch products", "SELECT count(*) FROM products WHERE 'lanzamientos' = ANY (online_categories) AND sold_online", 4, 100},
		{"popular products", "SELECT count(*) FROM products WHERE 'populares' = ANY (online_categories) AND sold_online", 4, 100},
		{"out of stock", "SELECT count(*) FROM products WHERE stock = 0", 2, 100},
		{"low stock", "SELECT count(*) FROM products WHERE stock BETWEEN 1 AND 9", 2, 100},
		{"categories", "SELECT count(DISTINCT category) FROM products", 6, 6},
		{"country products without a row in their country",
			"SELECT count(*) FROM products p WHERE country_slug IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id AND v.country_slug = p.country_slug)", 0, 0},
		{"general products", "SELECT count(*) FROM products WHERE country_slug IS NULL AND category IN ('beleza', 'perfumes')", 3, 3},
		{"general products with rows", "SELECT count(*) FROM product_country_visibility v JOIN products p ON p.id = v.product_id WHERE p.country_slug IS NULL", 0, 0},
		{"online-only rows", "SELECT count(*) FROM product_country_visibility WHERE sales_channel = 'online'", 1, 100},
		{"physical-only in Brasil", "SELECT count(*) FROM product_country_visibility WHERE sales_channel = 'physical' AND country_slug = 'brasil'", 1, 100},
		{"hidden rows", "SELECT count(*) FROM product_country_visibility WHERE NOT is_visible", 1, 100},
		{"products not sold online", "SELECT count(*) FROM products WHERE NOT sold_online", 2, 2},
		{"price differs from its last history row",
			"SELECT count(*) FROM products p WHERE price_cents <> (SELECT h.price_cents FROM price_history h WHERE h.product_id = p.id ORDER BY valid_from DESC LIMIT 1)", 0, 0},
		{"price changes in the last 30 days", "SELECT count(DISTINCT product_id) FROM price_history WHERE valid_from > now() - interval '30 days' AND valid_from < now() - interval '9 days'", 3, 100},
		{"percentage promotions", "SELECT count(*) FROM product_promotions WHERE promotion_type = 'percentage'", 2, 100},
		{"fixed-price promotions", "SELECT count(*) FROM product_promotions WHERE promotion_type = 'fixed_price'", 2, 100},
		{"current with an end", "SELECT count(*) FROM product_promotions WHERE is_active AND starts_at <= now() AND ends_at > now()", 1, 100},
		{"current open-ended", "SELECT count(*) FROM product_promotions WHERE is_active AND starts_at <= now() AND ends_at IS NULL", 1, 100},
		{"expired", "SELECT count(*) FROM product_promotions WHERE is_active AND ends_at < now()", 1, 100},
		{"future", "SELECT count(*) FROM product_promotions WHERE is_active AND starts_at > now()", 1, 100},
		{"inactive", "SELECT count(*) FROM product_promotions WHERE NOT is_active", 1, 100},
		{"customers active and not", "SELECT count(DISTINCT active) FROM customers", 2, 2},
		{"customer types", "SELECT count(DISTINCT customer_type) FROM customers", 2, 2},
		{"order statuses", "SELECT count(DISTINCT status) FROM orders WHERE status IN ('placed', 'delivered', 'cancelled')", 3, 3},
		{"orders whose total is not their lines' sum",
			"SELECT count(*) FROM orders o WHERE total_cents <> (SELECT sum(line_total_cents) FROM order_lines l WHERE l.order_id = o.id)", 0, 0},
		{"orders without a customer", "SELECT count(*) FROM orders WHERE customer_id IS NULL", 0, 0},
	}
	for _, c := range checks {
		if n := count(t, pool, c.sql); n < c.min || n > c.max {
			t.Errorf("%s: %d, want %d..%d", c.name, n, c.min, c.max)
		}
	}

	// Each country's products sit in its id range.
	ranges := map[string]int64{"brasil": 1001, "colombia": 2001, "cabo-verde": 3001, "angola": 4001, "peru": 5001,
		"argentina": 6001, "republica-dominicana": 7001, "venezuela": 8001, "uruguai": 9001, "cuba": 10001, "senegal": 11001}
	for slug, first := range ranges {
		if n := count(t, pool, "SELECT count(*) FROM products WHERE country_slug = $1 AND id BETWEEN $2 AND $2 + 998", slug, first); n < 3 {
			t.Errorf("%s has %d products in its range from %d, want at least 3", slug, n, first)
		}
	}
	if n := count(t, pool, "SELECT count(*) FROM products WHERE id BETWEEN 12001 AND 12003 AND country_slug IS NULL"); n != 3 {
		t.Errorf("general products 12001..12003: %d, want 3", n)
	}

	rows, err := pool.Query(ctx, "SELECT slug FROM countries WHERE show_on_home ORDER BY sort_order")
	if err != nil {
		t.Fatal(err)
	}
	home, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	wantHome := []string{"brasil", "colombia", "cabo-verde", "peru", "argentina", "republica-dominicana",
		"venezuela", "uruguai", "cuba", "senegal"}
	if !slices.Equal(home, wantHome) {
		t.Errorf("home countries = %v, want %v", home, wantHome)
	}
	var aliases []string
	if err := pool.QueryRow(ctx, "SELECT aliases FROM countries WHERE slug = 'republica-dominicana'").Scan(&aliases); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"Republica Dominicana", "Rep. Dominicana", "República Dominicana"} {
		if !slices.Contains(aliases, a) {
			t.Errorf("Dominican Republic aliases %v lack %q", aliases, a)
		}
	}
}

func TestSeededIdentities(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	tests := []struct {
		email, name, subject, role string
	}{
		{"admin@sabores.es", "Admin Sabores", "dev-admin", "admin"},
		{"maria@example.com", "María Silva", "dev-maria", "user"},
		{"joao@example.com", "João Santos", "dev-joao", "user"},
	}
	for _, tt := range tests {
		n := count(t, pool, `SELECT count(*) FROM users u
			JOIN company_users cu ON cu.user_id = u.id AND cu.active
			JOIN companies c ON c.id = cu.company_id AND c.name = 'Sabores'
			WHERE u.email = $1 AND u.full_name = $2 AND u.issuer = 'https://dev.sabores.local' AND u.subject = $3 AND cu.role = $4`,
			tt.email, tt.name, tt.subject, tt.role)
		if n != 1 {
			t.Errorf("seeded user %s (%s, %s, role %s) not found", tt.email, tt.name, tt.subject, tt.role)
		}
	}
	for _, email := range []string{"maria@example.com", "joao@example.com"} {
		if n := count(t, pool, "SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email = $1", email); n < 2 {
			t.Errorf("%s has %d orders, want at least 2", email, n)
		}
	}
}

// Every picture the seed stores must be one the shop can draw.
func TestSeededImagesResolve(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	rows, err := pool.Query(context.Background(), `
		SELECT image_url FROM products UNION SELECT image_url FROM countries UNION SELECT image_url FROM order_lines`)
	if err != nil {
		t.Fatal(err)
	}
	urls, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(urls) < 50 {
		t.Fatalf("only %d distinct image URLs", len(urls))
	}
	for _, u := range urls {
		path, ok := strings.CutPrefix(u, productimage.Prefix)
		if !ok {
			t.Errorf("image %q is not served by productimage", u)
			continue
		}
		if _, _, ok := productimage.Render(path); !ok {
			t.Errorf("image %q does not resolve", u)
		}
	}
}

func TestCatalogueConcurrently(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	errs := make(chan error, 3)
	for range 3 {
		go func() { errs <- seed.Catalogue(context.Background(), pool) }()
	}
	for range 3 {
		if err := <-errs; err != nil {
			t.Fatalf("concurrent Catalogue: %v", err)
		}
	}
	if n := count(t, pool, "SELECT count(*) FROM product_promotions"); n != 10 {
		t.Errorf("promotions after three concurrent seeds = %d, want 10", n)
	}
}

// bulkSnapshot renders the generated rows, without the promotion ids an
// identity hands out.
func bulkSnapshot(t *testing.T, pool *pgxpool.Pool) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		"SELECT * FROM products WHERE id >= 1000001 ORDER BY id",
		"SELECT product_id, price_cents, valid_from FROM price_history WHERE product_id >= 1000001 ORDER BY product_id, valid_from",
		"SELECT product_id, country_slug, is_visible, sales_channel FROM product_country_visibility WHERE product_id >= 1000001 ORDER BY product_id, country_slug",
		"SELECT product_id, is_active, starts_at, ends_at, promotion_type, discount_basis_points, fixed_price_cents FROM product_promotions WHERE product_id >= 1000001 ORDER BY product_id",
	} {
		rows, err := pool.Query(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, vals...)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func TestBulkIsDeterministic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	seeded, empty := dbtest.NewSeeded(t), dbtest.New(t)

	var progress bytes.Buffer
	if err := seed.Bulk(ctx, seeded, 1000, &progress); err != nil {
		t.Fatalf("Bulk on the sample catalogue: %v", err)
	}
	if !strings.Contains(progress.String(), "100% 1000/1000") {
		t.Errorf("progress output lacks the finished bar: %q", progress.String())
	}
	// Bulk needs no sample catalogue: it brings the countries it uses.
	if err := seed.Bulk(ctx, empty, 1000, nil); err != nil {
		t.Fatalf("Bulk on an empty database: %v", err)
	}
	first := bulkSnapshot(t, seeded)
	if first != bulkSnapshot(t, empty) {
		t.Error("Bulk(1000) differs between two databases")
	}
	// Running again replaces the generated rows with the same ones.
	if err := seed.Bulk(ctx, seeded, 1000, nil); err != nil {
		t.Fatalf("second Bulk: %v", err)
	}
	if first != bulkSnapshot(t, seeded) {
		t.Error("Bulk(1000) differs on a second run")
	}

	checks := []struct {
		name string
		sql  string
		want int
	}{
		{"generated products", "SELECT count(*) FROM products WHERE id >= 1000001", 1000},
		{"sample products kept", "SELECT count(*) FROM products WHERE id < 1000001", 50},
		{"countries used", "SELECT count(DISTINCT country_slug) FROM products WHERE id >= 1000001", 11},
		{"categories used", "SELECT count(DISTINCT category) FROM products WHERE id >= 1000001", 6},
		{"price history rows", "SELECT count(*) FROM price_history WHERE product_id >= 1000001", 1000},
		{"promotions", "SELECT count(*) FROM product_promotions WHERE product_id >= 1000001", 5},
		// The trigger was off during COPY: the stored flag must still match the rule.
		{"sold_online disagreeing with the rule", `SELECT count(*) FROM products p WHERE id >= 1000001 AND sold_online <> (
			NOT EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id)
			OR EXISTS (SELECT 1 FROM product_country_visibility v WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('online', 'both')))`, 0},
		{"trigger enabled again", "SELECT count(*) FROM pg_trigger WHERE tgname = 'visibility_sold_online' AND tgenabled = 'O'", 1},
		// The ledger (migrations 00070, 00151) opens each stocked product with
		// one receipt of its stock, so the ledger sums to the stock.
		{"stocked products", "SELECT count(*) FROM stock_movements WHERE product_id >= 1000001", count(t, seeded,
			"SELECT count(*) FROM products WHERE id >= 1000001 AND stock <> 0")},
		{"opening movements that are not receipts of the stock", `SELECT count(*) FROM stock_movements m
			JOIN products p ON p.id = m.product_id WHERE p.id >= 1000001
			AND NOT (m.kind = 'adjustment' AND m.reason = 'receipt' AND m.delta = p.stock AND m.stock_after = p.stock)`, 0},
	}
	for _, c := range checks {
		if n := count(t, seeded, c.sql); n != c.want {
			t.Errorf("%s: %d, want %d", c.name, n, c.want)
		}
	}
	if n := count(t, seeded, "SELECT count(*) FROM products WHERE id >= 1000001 AND NOT sold_online"); n == 0 {
		t.Error("no generated product is kept off the online shop")
	}
}

func TestBulkRejectsNegativeCount(t *testing.T) {
	t.Parallel()
	if err := seed.Bulk(context.Background(), dbtest.New(t), -1, nil); err == nil {
		t.Error("Bulk(-1) succeeded")
	}
}

// The price history makes the EU "lowest price in the 30 days before the
// promotion" differ from the current price for Guaraná and Café de Colombia.
func TestLowestPriceBeforePromotion(t *testing.T) {
	t.Parallel()
	pool := dbtest.NewSeeded(t)
	tests := []struct {
		productID, current, lowest int
	}{
		{1001, 279, 249},
		{2001, 949, 849},
	}
	for _, tt := range tests {
		lowest := count(t, pool, `
			SELECT min(h.price_cents)::int FROM price_history h
			JOIN product_promotions p ON p.product_id = h.product_id AND p.is_active AND p.starts_at <= now()
			WHERE h.product_id = $1 AND h.valid_from < p.starts_at
			  AND h.valid_from >= (SELECT max(valid_from) FROM price_history
			                       WHERE product_id = $1 AND valid_from <= p.starts_at - interval '30 days')`, tt.productID)
		current := count(t, pool, "SELECT price_cents::int FROM products WHERE id = $1", tt.productID)
		if lowest != tt.lowest || current != tt.current {
			t.Errorf("product %d: lowest %d and current %d, want %d and %d", tt.productID, lowest, current, tt.lowest, tt.current)
		}
	}
}

// TestSampleWeights: every sample product carries a shipping weight, so
// the sample shop quotes shipping by weight, not by the default.
func TestSampleWeights(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	var missing []int64
	rows, err := pool.Query(context.Background(), `SELECT id FROM products WHERE shipping_weight_grams IS NULL ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	if missing, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("sample products without a shipping weight: %v", missing)
	}
}
