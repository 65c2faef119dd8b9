// Package db is the shop's PostgreSQL: the queries sqlc generates from
// sql/queries, and (this file) the pool and the schema brought up to
// date. Migrations are embedded (package migrations), so a single binary
// can migrate any database it is pointed at.
package db

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/sabores/sabores/sql/migrations"
)

// migrationLockID is the advisory lock key held while migrating. It is the
// shop's own arbitrary key rather than goose's default, so another
// goose-managed schema on the same database never blocks the shop.
const migrationLockID int64 = 0x5ab0_0e5

// Option adjusts the pool configuration built by Open.
type Option func(*pgxpool.Config)

// WithMaxConns caps the number of connections the pool opens; tests and
// small tools use it to stay well below the server's max_connections.
func WithMaxConns(n int32) Option {
	return func(c *pgxpool.Config) { c.MaxConns = n }
}

// Open parses url, applies opts and connects, pinging once so a wrong URL or
// an unreachable server fails at start rather than on the first request.
func Open(ctx context.Context, url string, opts ...Option) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database: parse url: %w", err)
	}
	// A connection stuck in an idle network path is recycled instead of
	// failing a customer's request much later.
	cfg.MaxConnIdleTime = 5 * time.Minute
	cfg.HealthCheckPeriod = 30 * time.Second
	for _, opt := range opts {
		opt(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("database: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database: ping: %w", err)
	}
	return pool, nil
}

// Migrate applies every pending migration of migrations.FS, then River's
// (the job queue's tables, see migrateRiver), and logs each one applied. Several processes may call it at once on the same database: a
// session advisory lock makes all but one wait, and the others then find
// nothing left to do.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	provider, err := newProvider(pool)
	if err != nil {
		return err
	}
	defer provider.Close()

	results, err := provider.Up(ctx)
	for _, r := range results {
		if r.Error != nil {
			continue
		}
		slog.InfoContext(ctx, "database: migration applied",
			"version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	if err != nil {
		return fmt.Errorf("database: migrate: %w", err)
	}
	version, err := provider.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("database: read schema version: %w", err)
	}
	if err := migrateRiver(ctx, pool); err != nil {
		return err
	}
	slog.InfoContext(ctx, "database: schema up to date", "version", version, "applied", len(results))
	return nil
}

// newProvider builds the goose provider over pool. The *sql.DB it wraps
// shares the pool's connections; closing the provider does not close pool.
func newProvider(pool *pgxpool.Pool) (*goose.Provider, error) {
	// Retry every second (not goose's default five) so a second process
	// starting beside the first waits only as long as the migration takes.
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrationLockID), lock.WithLockTimeout(1, 300))
	if err != nil {
		return nil, fmt.Errorf("database: migration lock: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(pool), migrations.FS,
		goose.WithSessionLocker(locker),
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return nil, fmt.Errorf("database: migration provider: %w", err)
	}
	return provider, nil
}
