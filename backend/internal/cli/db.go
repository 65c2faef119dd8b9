package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/sabores/sabores/backend/internal/pgembed"
)

// embeddedDatabase is the database shopd uses inside its embedded cluster,
// kept apart from the maintenance database "postgres".
const embeddedDatabase = "sabores"

// Databases are the pools a command works with.
type Databases struct {
	// Primary takes every write and every read that must see them.
	Primary *pgxpool.Pool
	// Read serves catalogue reads; it is Primary unless READ_DATABASE_URL
	// names a replica.
	Read *pgxpool.Pool
	// Catalog is a pool of its own on the primary for the storefront's
	// catalogue reads that do not go to a replica (shopd serve only; nil
	// elsewhere, meaning Primary). Sharing Primary, an uncached product page
	// waited for a connection behind the order transactions holding all of
	// them: in bench's mixed scenario 3 165 of 3 277 acquires waited, 56 ms
	// on average, and the reads' p99 went from 76 to 253 ms (bench/HISTORY.md).
	Catalog *pgxpool.Pool

	primaryDSN string
	cluster    *pgembed.Cluster
	// jobs is the background job client of shopd serve, nil elsewhere;
	// jobsStarted says it runs and must be stopped.
	jobs        *river.Client[pgx.Tx]
	jobsStarted bool
}

// catalog is the pool catalogue reads use on the primary.
func (d *Databases) catalog() *pgxpool.Pool {
	if d.Catalog != nil {
		return d.Catalog
	}
	return d.Primary
}

// maintenance opens a small pool on the primary without a statement
// timeout, for migrations and seeding, whose statements (an index on a big
// table, a COPY of 100 000 products) may rightly run longer than a request's.
func (d *Databases) maintenance(ctx context.Context, app *App) (*pgxpool.Pool, error) {
	return openPool(ctx, app, d.primaryDSN, "maintenance", 2, 0)
}

// Close closes the pools, then stops the embedded cluster if shopd
// started one, waiting for PostgreSQL to flush and exit.
func (d *Databases) Close(ctx context.Context, app *App) {
	if d.jobsStarted {
		if err := d.jobs.Stop(ctx); err != nil {
			app.Log.Error("stopping background jobs", "error", err)
		}
	}
	if d.Read != d.Primary {
		d.Read.Close()
	}
	if d.Catalog != nil {
		d.Catalog.Close()
	}
	d.Primary.Close()
	if d.cluster != nil {
		if err := d.cluster.Stop(ctx); err != nil {
			app.Log.Error("stopping embedded PostgreSQL", "error", err)
		}
	}
}

// openDatabases connects to DATABASE_URL, or starts the embedded cluster
// when it is empty, and waits for the database to answer. Request pools get
// DB_MAX_CONNS and DB_STATEMENT_TIMEOUT; maintenance commands (migrate,
// seed, admin) pass requestLimits false and run without a timeout.
func openDatabases(ctx context.Context, app *App, requestLimits bool) (*Databases, error) {
	cfg := app.Config
	dbs := &Databases{}
	dsn := cfg.DatabaseURL
	if dsn == "" {
		dir := filepath.Join(cfg.DataDir, "postgres")
		cluster, err := pgembed.Start(ctx, pgembed.Options{Dir: dir, Logger: app.Log})
		if err != nil {
			return nil, fmt.Errorf("start embedded PostgreSQL (set DATABASE_URL to use a server instead): %w", err)
		}
		dbs.cluster = cluster
		app.Log.Info("using embedded PostgreSQL; its data stays for the next start", "data", cluster.DataDir())
		if err := createDatabase(ctx, cluster.DSN(""), embeddedDatabase); err != nil {
			_ = cluster.Stop(context.WithoutCancel(ctx))
			return nil, err
		}
		dsn = cluster.DSN(embeddedDatabase)
	}
	dbs.primaryDSN = dsn
	maxConns, timeout := cfg.DBMaxConns, cfg.DBStatementTimeout
	if !requestLimits {
		maxConns, timeout = 4, 0
	}
	var err error
	if dbs.Primary, err = openPool(ctx, app, dsn, "primary", maxConns, timeout); err != nil {
		if dbs.cluster != nil {
			_ = dbs.cluster.Stop(context.WithoutCancel(ctx))
		}
		return nil, err
	}
	dbs.Read = dbs.Primary
	if requestLimits {
		if dbs.Catalog, err = openPool(ctx, app, dsn, "catalogue reads", maxConns, timeout); err != nil {
			dbs.Close(context.WithoutCancel(ctx), app)
			return nil, err
		}
	}
	if cfg.ReadDatabaseURL != "" {
		if dbs.Read, err = openPool(ctx, app, cfg.ReadDatabaseURL, "read replica", maxConns, timeout); err != nil {
			dbs.Read = dbs.Primary
			dbs.Close(context.WithoutCancel(ctx), app)
			return nil, err
		}
	}
	return dbs, nil
}

// openPool builds a tuned pool and retries the first connection with
// backoff, because in a fresh deployment the database often comes up after
// shopd does. A zero statementTimeout means none.
func openPool(ctx context.Context, app *App, dsn, name string, maxConns int32, statementTimeout time.Duration) (*pgxpool.Pool, error) {
	poolCfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("%s database: parse connection string: %w", name, err)
	}
	poolCfg.MaxConns = maxConns
	poolCfg.MaxConnIdleTime = 5 * time.Minute
	poolCfg.HealthCheckPeriod = 30 * time.Second
	params := poolCfg.ConnConfig.RuntimeParams
	params["application_name"] = "shopd"
	params["statement_timeout"] = strconv.FormatInt(statementTimeout.Milliseconds(), 10)
	// A transaction left open by a bug must not hold locks for ever.
	params["idle_in_transaction_session_timeout"] = "60000"
	// No parallel workers: shopd's statements read a page through an index
	// in a millisecond or two, where starting a worker process costs about
	// as much again and takes a core from the other requests. The planner
	// chose one for the desk's count of a common name (bench/HISTORY.md):
	// 5.3 ms with a worker, 2.5 ms without.
	params["max_parallel_workers_per_gather"] = "0"

	pool, err := pgxpool.NewWithConfig(ctx, poolCfg)
	if err != nil {
		return nil, fmt.Errorf("%s database: %w", name, err)
	}
	const maxWait = time.Minute
	deadline := time.Now().Add(maxWait)
	for delay := 250 * time.Millisecond; ; delay = min(delay*2, 5*time.Second) {
		err = pool.Ping(ctx)
		if err == nil {
			return pool, nil
		}
		if ctx.Err() != nil || time.Now().Add(delay).After(deadline) || !retryable(err) {
			pool.Close()
			return nil, fmt.Errorf("%s database: connect: %w", name, err)
		}
		app.Log.Warn("database not reachable yet, retrying", "database", name, "retry_in", delay, "error", err)
		select {
		case <-ctx.Done():
			pool.Close()
			return nil, fmt.Errorf("%s database: %w", name, ctx.Err())
		case <-time.After(delay):
		}
	}
}

// retryable tells a database that is still starting (or unreachable for
// now) from a configuration mistake, such as a wrong password or database
// name, that waiting will not fix.
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// 57P03 cannot_connect_now: the server is starting up.
		return pgErr.Code == "57P03"
	}
	return true
}

// createDatabase creates name in the embedded cluster on first start.
func createDatabase(ctx context.Context, adminDSN, name string) error {
	conn, err := pgx.Connect(ctx, adminDSN)
	if err != nil {
		return fmt.Errorf("embedded PostgreSQL: %w", err)
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("embedded PostgreSQL: look for database %s: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("embedded PostgreSQL: create database %s: %w", name, err)
	}
	return nil
}
