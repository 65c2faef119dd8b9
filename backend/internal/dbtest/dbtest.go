// Package dbtest gives each test its own freshly migrated PostgreSQL
// database, so tests that commit (concurrency, idempotency) never share state.
//
// The server comes from TEST_DATABASE_URL (a postgres:// URL; default
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable). The schema is
// migrated once into a template database named after a hash of the
// migration files; every test then clones it with CREATE DATABASE ...
// TEMPLATE, which takes milliseconds instead of re-running the migrations.
// Templates are kept between runs (one per schema version) and may be
// dropped at any time when no test is running.
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/seed"
	"github.com/sabores/sabores/sql/migrations"
)

// DefaultURL is the server used when TEST_DATABASE_URL is unset: the
// PostgreSQL every development machine and CI runs on 127.0.0.1:5432.
const DefaultURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// maxConns keeps each test's pool small: many test binaries share one
// server whose max_connections is 100.
const maxConns = 8

// templateLockKey serialises template builds across test binaries that run
// in parallel (go test ./... starts one process per package).
const templateLockKey int64 = 0x5ab0_7e57

var (
	templateMu   sync.Mutex
	templateName string
)

// New creates a fresh, migrated, empty database for the test, returns a pool
// on it, and closes the pool and drops the database when the test ends.
func New(t testing.TB) *pgxpool.Pool {
	t.Helper()
	dbURL := NewURL(t)
	ctx := context.Background()
	cfg, err := pgxpool.ParseConfig(dbURL)
	if err != nil {
		t.Fatalf("dbtest: parse url: %v", err)
	}
	cfg.MaxConns = maxConns
	// As in shopd's pools: a runaway statement fails instead of hanging
	// the test run.
	cfg.ConnConfig.RuntimeParams["statement_timeout"] = "120000"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatalf("dbtest: connect: %v", err)
	}
	// Registered after NewURL's cleanup, so it runs first: the pool is closed
	// before the database is dropped.
	t.Cleanup(pool.Close)
	return pool
}

// NewSeeded is New plus seed.Catalogue: the spec's sample catalogue with
// countries, visibility, promotions, the seeded users, customers and orders.
func NewSeeded(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := New(t)
	if err := seed.Catalogue(context.Background(), pool); err != nil {
		t.Fatalf("dbtest: seed catalogue: %v", err)
	}
	return pool
}

// NewURL creates a fresh, migrated, empty database and returns its URL
// without opening a pool, for tests that start processes of their own (two
// shopd on one database) or build their own pool. The database is dropped,
// with any connection still open to it, when the test ends.
func NewURL(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	admin := adminURL()
	name := "sabores_test_" + randomHex(8)
	if err := createFromTemplate(ctx, admin, name); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(func() {
		// A fresh context: the test's own may already be cancelled.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := exec(ctx, admin, "DROP DATABASE IF EXISTS "+quote(name)+" WITH (FORCE)"); err != nil {
			t.Errorf("dbtest: drop database %s: %v", name, err)
		}
	})
	dbURL, err := withDatabase(admin, name)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	return dbURL
}

// createFromTemplate clones the migrated template into name. A template
// dropped by hand while this process had it cached is built again, once.
func createFromTemplate(ctx context.Context, admin, name string) error {
	for attempt := 0; ; attempt++ {
		tpl, err := template(ctx, admin)
		if err != nil {
			return fmt.Errorf("template database: %w", err)
		}
		err = exec(ctx, admin, "CREATE DATABASE "+quote(name)+" TEMPLATE "+quote(tpl))
		var pgErr *pgconn.PgError
		if attempt == 0 && errors.As(err, &pgErr) && pgErr.Code == "3D000" { // invalid_catalog_name
			templateMu.Lock()
			templateName = ""
			templateMu.Unlock()
			continue
		}
		if err != nil {
			return fmt.Errorf("create database: %w", err)
		}
		return nil
	}
}

// URL returns the connection string of pool's database, for a second pool or
// process on the same database as a test made with New.
func URL(pool *pgxpool.Pool) string {
	return pool.Config().ConnString()
}

// adminURL is the maintenance database the test databases are created from.
func adminURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultURL
}

// template returns the name of the migrated template database for the
// current migrations, building it once per schema version. Within a process
// a mutex guards it; across processes an advisory lock on the server does.
func template(ctx context.Context, admin string) (string, error) {
	templateMu.Lock()
	defer templateMu.Unlock()
	if templateName != "" {
		return templateName, nil
	}
	hash, err := migrationsHash()
	if err != nil {
		return "", err
	}
	name := "sabores_tpl_" + hash

	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return "", fmt.Errorf("connect %s: %w", redact(admin), err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", templateLockKey); err != nil {
		return "", fmt.Errorf("lock: %w", err)
	}
	// Closing the connection releases the lock too; unlocking explicitly
	// lets the next process in without waiting for the close.
	defer conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", templateLockKey) //nolint:errcheck // best effort, see above

	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", fmt.Errorf("look up template: %w", err)
	}
	if !exists {
		if err := buildTemplate(ctx, conn, admin, name); err != nil {
			return "", err
		}
	}
	templateName = name
	return name, nil
}

// buildTemplate migrates a scratch database and only then renames it to
// name, so a test binary killed halfway never leaves a broken template.
func buildTemplate(ctx context.Context, conn *pgx.Conn, admin, name string) error {
	scratch := name + "_build"
	for _, stmt := range []string{
		"DROP DATABASE IF EXISTS " + quote(scratch) + " WITH (FORCE)",
		"CREATE DATABASE " + quote(scratch),
	} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("prepare template: %w", err)
		}
	}
	scratchURL, err := withDatabase(admin, scratch)
	if err != nil {
		return err
	}
	pool, err := db.Open(ctx, scratchURL, db.WithMaxConns(2))
	if err != nil {
		return fmt.Errorf("open template: %w", err)
	}
	err = db.Migrate(ctx, pool)
	pool.Close()
	if err != nil {
		return fmt.Errorf("migrate template: %w", err)
	}
	// No connections allowed: CREATE DATABASE ... TEMPLATE fails while
	// anybody is connected to the template.
	for _, stmt := range []string{
		"ALTER DATABASE " + quote(scratch) + " WITH ALLOW_CONNECTIONS false IS_TEMPLATE true",
		"ALTER DATABASE " + quote(scratch) + " RENAME TO " + quote(name),
	} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("finish template: %w", err)
		}
	}
	return nil
}

// migrationsHash names the template after the migration files' contents, so
// a changed or added migration gets a new template and never a stale one.
func migrationsHash() (string, error) {
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return "", fmt.Errorf("list migrations: %w", err)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		b, err := fs.ReadFile(migrations.FS, n)
		if err != nil {
			return "", fmt.Errorf("read migration %s: %w", n, err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(b))
		h.Write(b)
	}
	river, err := db.RiverSchemaVersion()
	if err != nil {
		return "", err
	}
	fmt.Fprintf(h, "river\x00%d", river)
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// exec runs one statement on a short-lived connection to the admin database.
func exec(ctx context.Context, admin, stmt string) error {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return fmt.Errorf("connect %s: %w", redact(admin), err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, stmt)
	return err
}

// withDatabase returns admin with its database replaced by name.
func withDatabase(admin, name string) (string, error) {
	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", errors.New("TEST_DATABASE_URL must be a postgres:// URL")
	}
	u.Path = "/" + name
	return u.String(), nil
}

// redact hides a password in a URL before it reaches a test log.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable url)"
	}
	return u.Redacted()
}

// quote makes name a safe SQL identifier.
func quote(name string) string {
	return pgx.Identifier{name}.Sanitize()
}

// randomHex returns n random bytes as hex: unique database names even when
// test binaries run in parallel.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never returns an error.
	return hex.EncodeToString(b)
}

// OlderTransaction begins a transaction on pool holding a transaction id,
// as a write still running does: events committed after it are held back
// from the feeds and the webhook dispatcher until it ends. The test ends
// it; a transaction it left open is rolled back.
func OlderTransaction(t testing.TB, pool *pgxpool.Pool) pgx.Tx {
	t.Helper()
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = tx.Rollback(ctx) })
	if _, err := tx.Exec(ctx, `SELECT pg_current_xact_id()`); err != nil {
		t.Fatal(err)
	}
	return tx
}
