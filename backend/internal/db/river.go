package db

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// River's job tables are migrated by River's own migrator, called from
// Migrate, rather than copied into sql/migrations as goose files: the
// schema then always matches the River version in go.mod (an upgrade brings
// its migrations with it, nothing to copy by hand), River keeps its own
// river_migration bookkeeping as its tools expect, and sqlc never sees
// River's tables.

// migrateRiver brings River's schema up to the version this binary's River
// expects. River applies each version in its own transaction (one adds an
// enum value a later step uses, which PostgreSQL refuses in a single
// transaction), so the shop's migration lock is held as a session lock on a
// connection of its own meanwhile: replicas starting together apply it once.
func migrateRiver(ctx context.Context, pool *pgxpool.Pool) error {
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), &rivermigrate.Config{Logger: slog.Default()})
	if err != nil {
		return fmt.Errorf("database: river migrator: %w", err)
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("database: river migration lock: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", migrationLockID); err != nil {
		return fmt.Errorf("database: river migration lock: %w", err)
	}
	defer func() {
		// A failed unlock leaves the lock to the session, which the pool
		// closes in time; nothing else waits on it for long.
		_, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", migrationLockID)
	}()
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("database: migrate river: %w", err)
	}
	for _, v := range res.Versions {
		slog.InfoContext(ctx, "database: river migration applied", "version", v.Version, "name", v.Name, "duration", v.Duration)
	}
	return nil
}

// RiverSchemaVersion is the newest River schema version Migrate applies;
// test templates are named after it with the shop's own migrations.
func RiverSchemaVersion() (int, error) {
	migrator, err := rivermigrate.New(riverpgxv5.New(nil), nil)
	if err != nil {
		return 0, fmt.Errorf("database: river migrator: %w", err)
	}
	all := migrator.AllVersions()
	return all[len(all)-1].Version, nil
}
