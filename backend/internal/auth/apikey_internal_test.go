package auth

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/dbtest"
)

// touchCounter counts the APIKeyTouch statements a pool sends.
type touchCounter struct{ n atomic.Int32 }

func (c *touchCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if strings.Contains(data.SQL, "name: APIKeyTouch") {
		c.n.Add(1)
	}
	return ctx
}

func (c *touchCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A key's use is recorded at most once a minute, and a key used within the
// minute costs no write round trip on its next request.
func TestAPIKeyTouchedOnceAMinute(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	direct := dbtest.New(t)
	key, err := CreateAPIKey(ctx, db.New(direct), "erp", []string{ScopeCatalogRead}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := pgxpool.ParseConfig(dbtest.URL(direct))
	if err != nil {
		t.Fatal(err)
	}
	touches := &touchCounter{}
	cfg.ConnConfig.Tracer = touches
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	s := &Service{queries: db.New(pool)}

	resolve := func() {
		t.Helper()
		if _, err := s.resolveAPIKey(ctx, "Bearer "+key.Secret); err != nil {
			t.Fatal(err)
		}
	}
	resolve()
	resolve()
	if got := touches.n.Load(); got != 1 {
		t.Errorf("two uses within a minute sent %d touches, want 1", got)
	}
	var used bool
	if err := direct.QueryRow(ctx, `SELECT last_used_at IS NOT NULL FROM api_keys WHERE id = $1`, key.ID).Scan(&used); err != nil || !used {
		t.Fatalf("last_used_at recorded = %v, %v", used, err)
	}
	if _, err := direct.Exec(ctx, `UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, key.ID); err != nil {
		t.Fatal(err)
	}
	resolve()
	if got := touches.n.Load(); got != 2 {
		t.Errorf("a use after a minute sent %d touches in all, want 2", got)
	}
}
