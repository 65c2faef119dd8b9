package catalog_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/catalog"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// recorder is a pgx tracer keeping every statement a service runs, so the
// test can EXPLAIN exactly those statements with exactly those arguments.
type recorder struct {
	mu      sync.Mutex
	queries []pgx.TraceQueryStartData
}

func (r *recorder) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.queries = append(r.queries, data)
	return ctx
}

func (r *recorder) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (r *recorder) take() []pgx.TraceQueryStartData {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.queries
	r.queries = nil
	return out
}

// planNode is the part of EXPLAIN (FORMAT JSON) the test reads.
type planNode struct {
	NodeType     string     `json:"Node Type"`
	RelationName string     `json:"Relation Name"`
	IndexName    string     `json:"Index Name"`
	Plans        []planNode `json:"Plans"`
}

// walk calls fn on n and every node below it.
func (n planNode) walk(fn func(planNode)) {
	fn(n)
	for _, child := range n.Plans {
		child.walk(fn)
	}
}

// TestSearchAndCountryPagesUseIndexes builds a 100 000-product catalogue,
// runs the search and the country pages through the service, and EXPLAINs
// every statement they sent: none may read the products table sequentially.
// It takes several seconds, so `go test -short` skips it.
func TestSearchAndCountryPagesUseIndexes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 100 000-product catalogue; run without -short")
	}
	t.Parallel()
	ctx := context.Background()
	base := dbtest.New(t)
	loadBulkCatalogue(t, base, 100_000)

	rec := &recorder{}
	cfg, err := pgxpool.ParseConfig(dbtest.URL(base))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.Tracer = rec
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	svc := catalog.New(pool)

	calls := []struct {
		name string
		call func() error
	}{
		{"search a common word", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "acai"}))
			return err
		}},
		{"search a phrase", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "pao de queijo", Limit: 30}))
			return err
		}},
		{"search a SKU", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "SKU-004242"}))
			return err
		}},
		{"senegal page", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: "senegal"}))
			return err
		}},
		{"brasil page 3 by price", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{
				Country: "brasil", Page: 3, Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}))
			return err
		}},
		{"colombia drinks", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: "colombia", Category: "bebidas"}))
			return err
		}},
	}
	for _, c := range calls {
		if err := c.call(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		statements := rec.take()
		if len(statements) == 0 {
			t.Fatalf("%s: no statement recorded", c.name)
		}
		for _, st := range statements {
			explainNoSeqScan(t, c.name, base, st)
		}
	}
}

// explainNoSeqScan EXPLAINs a recorded statement with its arguments and
// fails when its plan scans products sequentially. Promotion lookups for a
// page are included: they must use the index too.
func explainNoSeqScan(t *testing.T, name string, pool *pgxpool.Pool, st pgx.TraceQueryStartData) {
	t.Helper()
	var raw []byte
	if err := pool.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+st.SQL, st.Args...).Scan(&raw); err != nil {
		t.Fatalf("%s: explain: %v", name, err)
	}
	var plans []struct {
		Plan planNode `json:"Plan"`
	}
	if err := json.Unmarshal(raw, &plans); err != nil || len(plans) != 1 {
		t.Fatalf("%s: decode plan %s: %v", name, raw, err)
	}
	var indexes []string
	plans[0].Plan.walk(func(n planNode) {
		if n.NodeType == "Seq Scan" && n.RelationName == "products" {
			t.Errorf("%s: sequential scan of products in\n%s\nplan: %s", name, queryName(st.SQL), raw)
		}
		if n.IndexName != "" {
			indexes = append(indexes, n.IndexName)
		}
	})
	t.Logf("%s: %s uses %v", name, queryName(st.SQL), indexes)
}

// queryName is the sqlc query name a statement starts with ("-- name: X :many").
func queryName(sql string) string {
	if fields := strings.Fields(sql); len(fields) >= 3 && fields[0] == "--" && fields[1] == "name:" {
		return fields[2]
	}
	return sql
}

// loadBulkCatalogue generates n products spread over the eleven countries,
// each visible in its country with a mix of channels and some hidden rows,
// then ANALYZEs so the planner sees the real sizes. The visibility trigger
// is switched off during the load and sold_online computed once after it,
// as a bulk import would.
func loadBulkCatalogue(t *testing.T, pool *pgxpool.Pool, n int) {
	t.Helper()
	mustExec(t, pool, `
		INSERT INTO countries (slug, name, sort_order) VALUES
			('brasil', 'Brasil', 1), ('colombia', 'Colombia', 2), ('cabo-verde', 'Cabo Verde', 3),
			('angola', 'Angola', 4), ('peru', 'Perú', 5), ('argentina', 'Argentina', 6),
			('republica-dominicana', 'República Dominicana', 7), ('venezuela', 'Venezuela', 8),
			('uruguai', 'Uruguai', 9), ('cuba', 'Cuba', 10), ('senegal', 'Senegal', 11)`)
	mustExec(t, pool, `
		INSERT INTO products (id, name, code, sku, category, online_categories, price_cents, vat_basis_points, stock, country_slug, created_at)
		SELECT i,
			(ARRAY['Guaraná', 'Pão de Queijo', 'Açaí', 'Harina de Maíz', 'Bissap', 'Café', 'Doce de Leite', 'Arepa',
			       'Farofa', 'Tamarindo', 'Mate', 'Ron', 'Dendê', 'Paçoca', 'Cachupa', 'Mandioca'])[1 + i % 16]
				|| ' ' || (ARRAY['Tradicional', 'Premium', 'Orgánico', 'Familiar', 'Mini'])[1 + (i / 16) % 5] || ' ' || i,
			'P-' || lpad(i::text, 6, '0'), 'SKU-' || lpad(i::text, 6, '0'),
			(ARRAY['bebidas', 'doces', 'alimentos', 'congelados', 'beleza', 'perfumes'])[1 + i % 6],
			CASE WHEN i % 97 = 0 THEN '{lanzamientos}'::text[] WHEN i % 89 = 0 THEN '{populares}'::text[] ELSE '{}' END,
			99 + (i * 37) % 4000, 1000, i % 50,
			(ARRAY['brasil', 'colombia', 'cabo-verde', 'angola', 'peru', 'argentina', 'republica-dominicana',
			       'venezuela', 'uruguai', 'cuba', 'senegal'])[1 + i % 11],
			now() - i * interval '1 minute'
		FROM generate_series(1, $1::integer) AS i`, n)
	mustExec(t, pool, `ALTER TABLE product_country_visibility DISABLE TRIGGER visibility_sold_online`)
	mustExec(t, pool, `
		INSERT INTO product_country_visibility (product_id, country_slug, is_visible, sales_channel)
		SELECT id, country_slug, id % 13 <> 0, (ARRAY['online', 'both', 'both', 'physical'])[1 + id % 4]
		FROM products`)
	mustExec(t, pool, `ALTER TABLE product_country_visibility ENABLE TRIGGER visibility_sold_online`)
	mustExec(t, pool, `
		UPDATE products p SET sold_online = EXISTS (
			SELECT 1 FROM product_country_visibility v
			WHERE v.product_id = p.id AND v.is_visible AND v.sales_channel IN ('online', 'both'))`)
	mustExec(t, pool, `INSERT INTO product_promotions (product_id, promotion_type, discount_basis_points)
		SELECT id, 'percentage', 1500 FROM products WHERE id % 50 = 0`)
	mustExec(t, pool, `VACUUM ANALYZE products`)
	mustExec(t, pool, `ANALYZE`)
}
