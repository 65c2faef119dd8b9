package cli

import (
	"context"
	"io"
	"testing"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

func TestSeedProducts(t *testing.T) {
	t.Parallel()
	pool := dbtest.New(t)
	env := map[string]string{"DATABASE_URL": dbtest.URL(pool)}
	lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	ctx := context.Background()

	if err := Run(ctx, []string{"seed", "--products", "-1"}, lookup, io.Discard, io.Discard); err == nil {
		t.Error("seed --products -1 succeeded, want an error")
	}
	if err := Run(ctx, []string{"seed", "--products", "300"}, lookup, io.Discard, io.Discard); err != nil {
		t.Fatalf("seed --products 300: %v", err)
	}
	var generated int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM products WHERE id >= 1000001`).Scan(&generated); err != nil {
		t.Fatal(err)
	}
	if generated != 300 {
		t.Errorf("generated products = %d, want 300", generated)
	}
}
