package catalogueapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	"github.com/sabores/sabores/backend/internal/seed"
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

// TestSearchAndCountryPagesUseIndexes loads a 100 000-product catalogue
// (seed.Bulk, which ANALYZEs), runs the search (in both languages, with and
// without an allergen filter) and the country pages through
// the service, and EXPLAINs every statement they sent: none may read the
// products table sequentially. It takes several seconds, so `go test -short`
// skips it.
func TestSearchAndCountryPagesUseIndexes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 100 000-product catalogue; run without -short")
	}
	t.Parallel()
	ctx := context.Background()
	base := dbtest.New(t)
	if err := seed.Bulk(ctx, base, 100_000, nil); err != nil {
		t.Fatalf("bulk catalogue: %v", err)
	}

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
	svc := catalogueapi.New(pool, nil)

	calls := []struct {
		name string
		call func() error
	}{
		{"search a word starting many names", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "refresco", Limit: 30}))
			return err
		}},
		{"search a word inside many names", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "acai"}))
			return err
		}},
		{"search a phrase found nowhere", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "pao de queijo"}))
			return err
		}},
		{"search two words in any order", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "colombia cafe", Limit: 30}))
			return err
		}},
		{"search two common words", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "refresco 350"}))
			return err
		}},
		{"results page 3 of a common word", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "refresco", Limit: 24, Page: 3}))
			return err
		}},
		{"results page 2 of two words", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "colombia cafe", Limit: 24, Page: 2}))
			return err
		}},
		{"categories of the shop and of brasil", func() error {
			if _, err := svc.ListCategories(ctx, connect.NewRequest(&saboresv1.ListCategoriesRequest{})); err != nil {
				return err
			}
			_, err := svc.ListCategories(ctx, connect.NewRequest(&saboresv1.ListCategoriesRequest{Country: "brasil"}))
			return err
		}},
		{"search a SKU", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "sab-b0004242"}))
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
		{"todos page 40 by shown price, descending", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{
				Page: 40, Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_DESC}))
			return err
		}},
		{"drinks by shown price", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{
				Category: "bebidas", Sort: saboresv1.ProductSort_PRODUCT_SORT_PRICE_ASC}))
			return err
		}},
		{"search a Portuguese name", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{
				Query: "suco de maracuya", Language: saboresv1.Language_LANGUAGE_PT}))
			return err
		}},
		{"search without gluten and eggs", func() error {
			_, err := svc.SearchProducts(ctx, connect.NewRequest(&saboresv1.SearchProductsRequest{Query: "galleta",
				WithoutAllergens: []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_GLUTEN, saboresv1.Allergen_ALLERGEN_EGGS}}))
			return err
		}},
		{"peru page without nuts, in Portuguese", func() error {
			_, err := svc.ListProducts(ctx, connect.NewRequest(&saboresv1.ListProductsRequest{Country: "peru",
				Language: saboresv1.Language_LANGUAGE_PT, WithoutAllergens: []saboresv1.Allergen{saboresv1.Allergen_ALLERGEN_NUTS}}))
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
