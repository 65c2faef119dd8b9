// Package admintest builds, for the back office's handler tests, the small
// shop their cases read figures from, and checks the behaviour the
// back-office lists share (keyset paging). Only tests import it.
//
// It lives beside the handlers rather than in dbtest: the shop is the back
// office's (an admin signed in, the figures its screens show), and the
// checks read Connect errors, which dbtest, a harness every module's tests
// use, has no business knowing.
package admintest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/auth"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// Shop is a small shop on its own database: the countries brasil and
// colombia, three products (1001 Guaraná, visible online in brasil; 1002
// Açaí; 2001 Arepa), an admin, and two shoppers with customers and orders
// (María: one delivered 40 days ago and one placed 3 days ago; João: one
// cancelled an hour ago and one placed a minute ago), and an inactive
// customer.
type Shop struct {
	Pool *pgxpool.Pool
	// Ctx is signed in as the admin.
	Ctx   context.Context
	Admin int64
	Maria int64
}

// NewShop makes the shop.
func NewShop(t *testing.T) Shop {
	t.Helper()
	pool := dbtest.New(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("fixture: %v\n%s", err, sql)
		}
	}
	exec(`INSERT INTO companies (name) VALUES ('Sabores')`)
	exec(`INSERT INTO countries (slug, name, flag_emoji, href, sort_order) VALUES
		('brasil', 'Brasil', '🇧🇷', '/brasil', 1), ('colombia', 'Colombia', '🇨🇴', '/colombia', 2)`)
	exec(`INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points) VALUES
		(1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', '{populares}', 250, 1000),
		(1002, 'Açaí congelado', 'BR-ACA', 'SKU-1002', 'congelados', '{}', 650, 1000),
		(2001, 'Arepa', 'CO-ARE', 'SKU-2001', 'alimentos', '{lanzamientos}', 320, 400)`)
	exec(`INSERT INTO product_country_visibility (product_id, country_slug, sales_channel) VALUES (1001, 'brasil', 'online')`)
	const dev = "https://dev.sabores.local"
	adminID := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: dev, Subject: "dev-admin", Email: "admin@sabores.es", Name: "Admin Sabores"})
	mariaID := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: dev, Subject: "dev-maria", Email: "maria@example.com", Name: "María Silva"})
	joaoID := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: dev, Subject: "dev-joao", Email: "joao@example.com", Name: "João Santos"})
	exec(`INSERT INTO customers (user_id, name, email, active, created_at) VALUES
		($1, 'María', 'maria@example.com', true, now() - interval '2 days'),
		($2, 'João', 'joao@example.com', true, now() - interval '1 day'),
		(NULL, 'Antiguo', 'old@example.com', false, now())`, mariaID, joaoID)
	order := func(user int64, status string, total int64, age string, lines ...[3]int64) {
		t.Helper()
		var id int64
		err := pool.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
			subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
			delivery_city, delivery_postal_code, created_at)
			VALUES ($1, gen_random_uuid(), $2, 'card', 'paid', $3, 0, $3, 'X', 'x@example.com', '600000000', 'Rúa 1',
			'Burela', '27880', now() - $4::interval) RETURNING id`, user, status, total, age).Scan(&id)
		if err != nil {
			t.Fatalf("fixture order: %v", err)
		}
		for i, l := range lines {
			exec(`INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
				regular_unit_price_cents, vat_basis_points, line_total_cents)
				VALUES ($1, $2, $3, 'p', $4, $5, $5, 1000, $6)`, id, i+1, l[0], l[1], l[2], l[1]*l[2])
		}
	}
	order(mariaID, "delivered", 1000, "40 days", [3]int64{1001, 4, 250})
	order(mariaID, "placed", 1300, "3 days", [3]int64{1002, 2, 650})
	order(joaoID, "cancelled", 9999, "1 hour", [3]int64{2001, 50, 200})
	order(joaoID, "placed", 570, "1 minute", [3]int64{1001, 1, 250}, [3]int64{2001, 1, 320})

	ctx = auth.WithPrincipal(ctx, auth.Principal{UserID: adminID, Email: "admin@sabores.es", Role: auth.RoleAdmin})
	return Shop{Pool: pool, Ctx: ctx, Admin: adminID, Maria: mariaID}
}

// Count runs a query that counts, failing the test on error.
func (s Shop) Count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := s.Pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
