package till_test

import (
	"context"
	"slices"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/fault"
	"github.com/sabores/sabores/backend/internal/gtin"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/till"
)

// withCheck completes a payload with its GS1 check digit.
func withCheck(payload string) string { return payload + string(gtin.CheckDigit(payload)) }

// TestLookup: a scan finds products the shop sells by their own EAN or by
// a scale's variable-measure code (weight or price read from it), with the
// live stock and what placed web orders hold; products sold online only,
// unknown codes and misread ones are refused.
func TestLookup(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("fixture: %v\n%s", err, sql)
		}
	}
	exec(`INSERT INTO countries (slug, name, flag_emoji, href, sort_order) VALUES ('brasil', 'Brasil', '🇧🇷', '/brasil', 1)`)
	exec(`INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, ean, stock) VALUES
		(1001, 'Guaraná Antarctica', 'BR-GUA', 'SKU-1001', 'bebidas', '{}', 250, 1000, '8410076472885', 5),
		(1002, 'Açaí congelado', 'BR-ACA', 'SKU-1002', 'congelados', '{}', 650, 1000, '4006381333931', 3),
		(1003, 'Queso de Arzúa', 'ES-QUE', 'SKU-1003', 'quesos', '{}', 1890, 400, $1, 4)`, withCheck("210004200000"))
	exec(`INSERT INTO product_country_visibility (product_id, country_slug, sales_channel) VALUES (1002, 'brasil', 'online')`)
	exec(`INSERT INTO product_country_visibility (product_id, country_slug, sales_channel) VALUES (1003, 'brasil', 'physical')`)
	maria := dbtest.Shopper(t, pool, dbtest.PersonOpts{Issuer: "https://dev.sabores.local", Subject: "dev-maria", Email: "maria@example.com", Name: "María Silva"})
	var order int64
	if err := pool.QueryRow(ctx, `INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status,
		subtotal_cents, vat_cents, total_cents, delivery_name, delivery_email, delivery_phone, delivery_address,
		delivery_city, delivery_postal_code)
		VALUES ($1, gen_random_uuid(), 'placed', 'card', 'paid', 500, 0, 500, 'X', 'x@example.com', '600000000', 'Rúa 1',
		'Burela', '27880') RETURNING id`, maria).Scan(&order); err != nil {
		t.Fatal(err)
	}
	exec(`INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents,
		regular_unit_price_cents, vat_basis_points, line_total_cents) VALUES ($1, 1, 1001, 'p', 2, 250, 250, 1000, 500)`, order)

	s := till.New(pool, gtin.SpanishScales, invoice.Invoicer{})
	for _, tc := range []struct {
		name, code string
		product    int64
		weight     int32
		price      int64
		reserved   int64
		kind       fault.Kind
		reason     string
	}{
		{name: "own EAN, two held by a web order", code: "8410076472885", product: 1001, reserved: 2},
		{name: "weighed: 1.235 kg of the cheese", code: withCheck("210004201235"), product: 1003, weight: 1235},
		{name: "priced by the scale: 7.45 €", code: withCheck("250004200745"), kind: fault.NotFound, reason: till.ReasonProductUnknown},
		{name: "sold online only", code: "4006381333931", kind: fault.Refused, reason: till.ReasonNotInStore},
		{name: "unknown", code: "73513537", kind: fault.NotFound, reason: till.ReasonProductUnknown},
		{name: "misread check digit", code: "8410076472886", kind: fault.Invalid},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scan, err := s.Lookup(ctx, tc.code)
			if tc.kind != 0 {
				f, ok := fault.As(err)
				if !ok || f.Kind != tc.kind || f.Reason != tc.reason {
					t.Fatalf("Lookup(%s) = %v, want kind %d reason %q", tc.code, err, tc.kind, tc.reason)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if scan.Product.ID != tc.product || scan.WeightGrams != tc.weight || scan.PriceCents != tc.price || scan.Product.Reserved != tc.reserved {
				t.Errorf("Lookup(%s) = %+v", tc.code, scan)
			}
		})
	}
	// By name, for a barcode that will not scan: the store's products only,
	// with what web orders hold, and a typed % matching itself.
	for _, tc := range []struct {
		query string
		want  []int64
	}{
		{query: "guaraná", want: []int64{1001}},
		{query: "A", want: []int64{1001, 1003}},
		{query: "açaí", want: nil},
		{query: "%", want: nil},
	} {
		found, err := s.Search(ctx, tc.query)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, p := range found {
			ids = append(ids, p.ID)
		}
		if !slices.Equal(ids, tc.want) {
			t.Errorf("Search(%q) = %v, want %v", tc.query, ids, tc.want)
		}
		if len(found) > 0 && found[0].ID == 1001 && found[0].Reserved != 2 {
			t.Errorf("Search(%q): guaraná holds %d for web orders, want 2", tc.query, found[0].Reserved)
		}
	}
}
