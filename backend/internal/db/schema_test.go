package db_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

// The schema guards the data itself: every statement below must be refused
// with the named SQLSTATE (23514 check, 23503 foreign key, 23505 unique).
func TestConstraintsRejectBadRows(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.NewSeeded(t)

	const product = `INSERT INTO products (name, code, sku, category, price_cents, vat_basis_points, stock, country_slug)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	const order = `INSERT INTO orders (user_id, idempotency_key, payment_method, payment_status, subtotal_cents,
		vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city,
		delivery_postal_code) VALUES ((SELECT min(id) FROM users), gen_random_uuid(), $1, 'paid', 100, 0, 100,
		'Ana', 'ana@example.com', '600000000', 'Calle 1', 'Madrid', $2)`
	const promotion = `INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points,
		fixed_price_cents, starts_at, ends_at) VALUES (1001, $1, $2, $3, $4, $5)`
	tests := []struct {
		name  string
		sql   string
		args  []any
		state string
	}{
		{"negative price", product, []any{"X", "X-1", "SKU-X1", "bebidas", -1, 2100, 1, nil}, "23514"},
		// Stock may go below zero: the till sells the unit in the customer's
		// hand whatever the count says, and asks for a count (00411).
		{"VAT above 100 %", product, []any{"X", "X-3", "SKU-X3", "bebidas", 100, 10001, 1, nil}, "23514"},
		{"negative VAT", product, []any{"X", "X-4", "SKU-X4", "bebidas", 100, -1, 1, nil}, "23514"},
		{"empty name", product, []any{"", "X-5", "SKU-X5", "bebidas", 100, 2100, 1, nil}, "23514"},
		{"category with spaces", product, []any{"X", "X-6", "SKU-X6", "Bebidas frías", 100, 2100, 1, nil}, "23514"},
		{"unknown country", product, []any{"X", "X-7", "SKU-X7", "bebidas", 100, 2100, 1, "atlantis"}, "23503"},
		{"duplicate code", product, []any{"X", "BR-001", "SKU-X8", "bebidas", 100, 2100, 1, nil}, "23505"},
		{"duplicate SKU", product, []any{"X", "X-9", "SAB-01001", "bebidas", 100, 2100, 1, nil}, "23505"},
		{"rating above 5", `UPDATE products SET rating = 5.5 WHERE id = 1001`, nil, "23514"},
		{"unknown channel", `INSERT INTO product_country_visibility (product_id, country_slug, sales_channel)
			VALUES (1001, 'peru', 'mail')`, nil, "23514"},
		{"visibility of a missing product", `INSERT INTO product_country_visibility (product_id, country_slug)
			VALUES (999999, 'peru')`, nil, "23503"},
		{"visibility in a missing country", `INSERT INTO product_country_visibility (product_id, country_slug)
			VALUES (1001, 'atlantis')`, nil, "23503"},
		{"deleting an ordered product", `DELETE FROM products WHERE id = 1001`, nil, "23503"},
		{"bad country slug", `INSERT INTO countries (slug, name) VALUES ('Rep. Dominicana', 'x')`, nil, "23514"},
		{"four-digit postal code", order, []any{"card", "2801"}, "23514"},
		{"postal code with letters", order, []any{"card", "28O12"}, "23514"},
		{"unknown payment method", order, []any{"bitcoin", "28012"}, "23514"},
		{"percentage without discount", promotion, []any{"percentage", nil, nil, nil, nil}, "23514"},
		{"percentage with a fixed price too", promotion, []any{"percentage", 1000, 500, nil, nil}, "23514"},
		{"fixed price without price", promotion, []any{"fixed_price", nil, nil, nil, nil}, "23514"},
		{"discount above 100 %", promotion, []any{"percentage", 10001, nil, nil, nil}, "23514"},
		{"ends before it starts", promotion, []any{"percentage", 1000, nil, "2026-02-01", "2026-01-01"}, "23514"},
		{"unknown promotion type", promotion, []any{"bogo", 1000, nil, nil, nil}, "23514"},
		{"order line of quantity 0", `INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity,
			unit_price_cents, regular_unit_price_cents, vat_basis_points, line_total_cents)
			VALUES ((SELECT min(id) FROM orders), 99, 1001, 'x', 0, 1, 1, 2100, 0)`, nil, "23514"},
		{"company role", `UPDATE company_users SET role = 'owner'`, nil, "23514"},
	}
	for _, tt := range tests {
		_, err := pool.Exec(ctx, tt.sql, tt.args...)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) {
			t.Errorf("%s: got %v, want SQLSTATE %s", tt.name, err, tt.state)
			continue
		}
		if pgErr.Code != tt.state {
			t.Errorf("%s: SQLSTATE %s (%s), want %s", tt.name, pgErr.Code, pgErr.Message, tt.state)
		}
	}
}

func TestSearchIgnoresAccentsAndCase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.NewSeeded(t)

	tests := []struct {
		query string
		want  int64
	}{
		{"acai", 1003},
		{"ACAI", 1003},
		{"Açaí", 1003},
		{"pao de queijo", 1002},
		{"PÃO DE QUEIJO", 1002},
		{"guarana", 1001},
		{"harina p.a.n", 8001},
		{"BR-002", 1002},    // code
		{"sab-08001", 8001}, // SKU
		{"republica", 0},    // countries are not products
	}
	for _, tt := range tests {
		rows, err := pool.Query(ctx, `SELECT id FROM products
			WHERE search_text LIKE '%' || search_normalize($1) || '%' ORDER BY id`, tt.query)
		if err != nil {
			t.Fatal(err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == 0 {
			if len(ids) != 0 {
				t.Errorf("search %q = %v, want nothing", tt.query, ids)
			}
			continue
		}
		if !slices.Contains(ids, tt.want) {
			t.Errorf("search %q = %v, want it to contain %d", tt.query, ids, tt.want)
		}
	}
}

func TestSoldOnlineFollowsVisibility(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.NewSeeded(t)

	var id int64
	if err := pool.QueryRow(ctx, `INSERT INTO products (name, code, sku, category, price_cents, vat_basis_points)
		VALUES ('Test', 'T-1', 'SKU-T1', 'bebidas', 100, 2100) RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		sql  string
		want bool
	}{
		{"no rows: a general product", `SELECT 1`, true},
		{"physical only", `INSERT INTO product_country_visibility (product_id, country_slug, sales_channel) VALUES ($1, 'peru', 'physical')`, false},
		{"changed to online", `UPDATE product_country_visibility SET sales_channel = 'online' WHERE product_id = $1`, true},
		{"hidden", `UPDATE product_country_visibility SET is_visible = false WHERE product_id = $1`, false},
		{"visible both in a second country", `INSERT INTO product_country_visibility (product_id, country_slug) VALUES ($1, 'cuba')`, true},
		{"second country deleted", `DELETE FROM product_country_visibility WHERE product_id = $1 AND country_slug = 'cuba'`, false},
		{"hidden row moved to another product", `UPDATE product_country_visibility SET product_id = 1001 WHERE product_id = $1`, true},
		{"moved back", `UPDATE product_country_visibility SET product_id = $1 WHERE product_id = 1001 AND country_slug = 'peru'`, false},
		{"all rows deleted", `DELETE FROM product_country_visibility WHERE product_id = $1`, true},
	}
	for _, s := range steps {
		args := []any{id}
		if s.sql == `SELECT 1` {
			args = nil
		}
		if _, err := pool.Exec(ctx, s.sql, args...); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		var got bool
		if err := pool.QueryRow(ctx, "SELECT sold_online FROM products WHERE id = $1", id).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != s.want {
			t.Errorf("after %s: sold_online = %v, want %v", s.name, got, s.want)
		}
	}
	// Guaraná kept its own rows throughout.
	var guarana bool
	if err := pool.QueryRow(ctx, "SELECT sold_online FROM products WHERE id = 1001").Scan(&guarana); err != nil {
		t.Fatal(err)
	}
	if !guarana {
		t.Error("Guaraná is no longer sold online after another product's rows moved through it")
	}
}
