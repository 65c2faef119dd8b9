package auth

import (
	"context"
	"errors"
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
	key, err := CreateAPIKey(ctx, db.New(direct), "erp", []string{ScopeCatalogRead}, nil, keyCreator(t, direct, "erp-admin@example.com"))
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

// keyCreator makes an admin, as a key's creator must be, and returns their id.
func keyCreator(t *testing.T, pool *pgxpool.Pool, email string) *int64 {
	t.Helper()
	var id int64
	if err := pool.QueryRow(context.Background(), `INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://test', $1, $1, 'Admin') RETURNING id`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if err := GrantAdmin(context.Background(), pool, email); err != nil {
		t.Fatal(err)
	}
	return &id
}

// A key acts for its creator: once they are no longer an admin (revoked,
// or their account deleted) the key is refused like an unknown one, and an
// admin by ADMIN_EMAILS keeps theirs working.
func TestAPIKeyStopsWithItsCreator(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := dbtest.New(t)
	s := &Service{queries: db.New(pool), adminEmails: map[string]bool{"configured@example.com": true}}
	works := func(key NewAPIKey) error {
		_, err := s.resolveAPIKey(ctx, "Bearer "+key.Secret)
		return err
	}
	newKey := func(creator *int64) NewAPIKey {
		key, err := CreateAPIKey(ctx, db.New(pool), "erp", []string{ScopeOrdersRead}, nil, creator)
		if err != nil {
			t.Fatal(err)
		}
		return key
	}

	revoked := newKey(keyCreator(t, pool, "leaving@example.com"))
	if err := works(revoked); err != nil {
		t.Fatalf("a key of an admin: %v", err)
	}
	if err := RevokeAdmin(ctx, pool, "leaving@example.com"); err != nil {
		t.Fatal(err)
	}
	if err := works(revoked); !errors.Is(err, errBadCredentials) {
		t.Errorf("a key whose creator is no longer an admin: %v, want it refused", err)
	}

	deleter := keyCreator(t, pool, "deleter@example.com")
	deleted := newKey(deleter)
	q := db.New(pool)
	if err := q.DataRightsDeleteMemberships(ctx, *deleter); err != nil {
		t.Fatal(err)
	}
	if err := q.DataRightsTombstoneUser(ctx, *deleter); err != nil {
		t.Fatal(err)
	}
	if err := works(deleted); !errors.Is(err, errBadCredentials) {
		t.Errorf("a key whose creator deleted their account: %v, want it refused", err)
	}
	if err := works(newKey(nil)); !errors.Is(err, errBadCredentials) {
		t.Errorf("a key with no creator left: %v, want it refused", err)
	}

	var configured int64
	if err := pool.QueryRow(ctx, `INSERT INTO users (issuer, subject, email, full_name)
		VALUES ('https://test', 'c', 'configured@example.com', 'C') RETURNING id`).Scan(&configured); err != nil {
		t.Fatal(err)
	}
	if err := works(newKey(&configured)); err != nil {
		t.Errorf("a key of an admin by ADMIN_EMAILS: %v", err)
	}
}
