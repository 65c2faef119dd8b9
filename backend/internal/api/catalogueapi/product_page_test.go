package catalogueapi_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/api/catalogueapi"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestProductPageIsOneStatement: a product page not yet cached reads the
// product and its food information in one statement, by primary keys. A
// second round trip for the food information doubled what such a page cost
// shopd and PostgreSQL (bench get-product-cold, issue 12). Promotion reads
// are left out: shopd takes them from its in-memory snapshot.
func TestProductPageIsOneStatement(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base := dbtest.NewSeeded(t)
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

	// Alfajores (food, with its information) and a perfume (no food information).
	for _, id := range []int64{6003, 12002} {
		res, err := svc.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: id}))
		if err != nil {
			t.Fatalf("GetProduct(%d): %v", id, err)
		}
		if food := res.Msg.GetProduct().GetIsFood(); food != (res.Msg.GetProduct().GetFoodInfo() != nil) {
			t.Errorf("product %d: is food %v, food information %v", id, food, res.Msg.GetProduct().GetFoodInfo())
		}
		var names []string
		for _, st := range rec.take() {
			if name := queryName(st.SQL); !strings.HasPrefix(name, "Promotion") {
				names = append(names, name)
				explainIndexes(t, base, st.SQL, st.Args, "products_pkey", "product_food_info_pkey")
			}
		}
		if !slices.Equal(names, []string{"GetOnlineProductPage"}) {
			t.Errorf("product %d: statements %v, want only GetOnlineProductPage", id, names)
		}
	}
}

// explainIndexes fails unless the plan of sql reads through every index in want.
func explainIndexes(t *testing.T, pool *pgxpool.Pool, sql string, args []any, want ...string) {
	t.Helper()
	var raw []byte
	if err := pool.QueryRow(context.Background(), "EXPLAIN (FORMAT JSON) "+sql, args...).Scan(&raw); err != nil {
		t.Fatalf("explain %s: %v", queryName(sql), err)
	}
	for _, idx := range want {
		if !strings.Contains(string(raw), `"Index Name": "`+idx+`"`) {
			t.Errorf("%s does not use %s: %s", queryName(sql), idx, raw)
		}
	}
}
