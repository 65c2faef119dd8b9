package catalogueapi_test

import (
	"context"
	"slices"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/pricing"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestCatalogueFollowsTheSoldOnlineRule gives products every mix of
// visibility rows, edits them the ways the back office does, and checks
// after each step that the catalogue (which relies on the trigger-kept
// products.sold_online) shows exactly what pricing.SoldOnline and
// pricing.SoldOnlineIn say.
func TestCatalogueFollowsTheSoldOnlineRule(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	ctx := context.Background()
	channels := []pricing.Channel{pricing.ChannelOnline, pricing.ChannelPhysical, pricing.ChannelBoth}
	countries := []string{"brasil", "peru"}
	// Each product gets, per country, no row or one of 3 channels × visible
	// or hidden: 7 states, 49 products.
	var rows [][]any
	id := int64(0)
	for a := range 7 {
		for b := range 7 {
			id++
			for i, state := range []int{a, b} {
				if state == 0 {
					continue
				}
				rows = append(rows, []any{id, countries[i], state <= 3, string(channels[(state-1)%3])})
			}
		}
	}
	mustExec(t, pool, `
		INSERT INTO countries (slug, name) VALUES ('brasil', 'Brasil'), ('peru', 'Perú');
		INSERT INTO products (id, name, code, sku, category, price_cents, vat_basis_points)
			SELECT i, 'Produto ' || lpad(i::text, 3, '0'), 'P-' || i, 'SKU-' || i, 'alimentos', 100, 1000
			FROM generate_series(1, 49) AS i`)
	for _, r := range rows {
		mustExec(t, pool, `INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel) VALUES ($1, $2, $3, $4)`, r...)
	}
	svc := catalogueapi.New(pool, nil)
	check := func(step string) {
		t.Helper()
		visibility := readVisibility(t, pool)
		var all, brasil, peru []int64
		for id := int64(1); id <= 49; id++ {
			if pricing.SoldOnline(visibility[id]) {
				all = append(all, id)
			}
			if pricing.SoldOnlineIn(visibility[id], "brasil") {
				brasil = append(brasil, id)
			}
			if pricing.SoldOnlineIn(visibility[id], "peru") {
				peru = append(peru, id)
			}
		}
		for _, c := range []struct {
			country string
			want    []int64
		}{{"", all}, {"brasil", brasil}, {"peru", peru}} {
			res, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: c.country, PageSize: 100}))
			if err != nil {
				t.Fatalf("%s: ListProducts(%q): %v", step, c.country, err)
			}
			if got := ids(res.Msg.GetProducts()); !slices.Equal(got, c.want) {
				t.Errorf("%s: ListProducts(%q) = %v, want %v", step, c.country, got, c.want)
			}
		}
	}
	check("inserted")
	mustExec(t, pool, `UPDATE product_country_visibility SET sales_channel = 'physical' WHERE country_slug = 'brasil' AND product_id % 3 = 0`)
	check("brasil channel changed")
	mustExec(t, pool, `UPDATE product_country_visibility SET is_visible = NOT is_visible WHERE product_id % 2 = 0`)
	check("visibility flipped")
	mustExec(t, pool, `DELETE FROM product_country_visibility WHERE country_slug = 'peru'`)
	check("removed from peru")
	mustExec(t, pool, `DELETE FROM product_country_visibility WHERE product_id % 5 = 0`)
	check("rows deleted")
}

func readVisibility(t *testing.T, pool *pgxpool.Pool) map[int64][]pricing.Visibility {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT product_id, country_slug, is_visible, sales_channel FROM product_country_visibility`)
	if err != nil {
		t.Fatalf("read visibility: %v", err)
	}
	defer rows.Close()
	out := map[int64][]pricing.Visibility{}
	for rows.Next() {
		var id int64
		var v pricing.Visibility
		if err := rows.Scan(&id, &v.Country, &v.Visible, &v.Channel); err != nil {
			t.Fatalf("scan visibility: %v", err)
		}
		out[id] = append(out[id], v)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("read visibility: %v", err)
	}
	return out
}

func mustExec(t *testing.T, pool *pgxpool.Pool, sql string, args ...any) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("exec %q: %v", sql, err)
	}
}
