package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sabores/sabores/backend/internal/db"
	"github.com/sabores/sabores/backend/internal/invoice"
	"github.com/sabores/sabores/backend/internal/payment"
	"github.com/sabores/sabores/backend/internal/pgembed"
)

func init() {
	register(&Command{
		Name: "backup",
		Summary: "Write a consistent dump of the database (pg_dump's custom format) to --out, by default " +
			"sabores-<UTC time>.dump here; the embedded one is read while shopd serves it, or started for the dump.",
		Flags: func(fs *flag.FlagSet) any {
			return fs.String("out", "", "the file to write (default sabores-YYYYMMDDTHHMMSSZ.dump in the current folder)")
		},
		Run: func(ctx context.Context, app *App, opts any, _ []string) error {
			out := *opts.(*string)
			if out == "" {
				out = "sabores-" + time.Now().UTC().Format("20060102T150405Z") + ".dump"
			}
			return backup(ctx, app, out)
		},
	})
	register(&Command{
		Name: "restore",
		Args: "FILE",
		Summary: "Load a dump made by `shopd backup` into an empty database (the configured or embedded one), " +
			"then apply pending migrations; a database with tables in it is refused.",
		Run: func(ctx context.Context, app *App, _ any, args []string) error {
			if len(args) != 1 {
				return errors.New("restore: name the dump to load: shopd restore FILE")
			}
			return restore(ctx, app, args[0])
		},
	})
}

// backup dumps the database into out. pg_dump reads everything in one
// repeatable-read transaction, so the dump is consistent while the shop
// keeps taking orders. It writes beside out and renames only a dump that
// pg_restore can read back, so a failed or interrupted backup never leaves
// a file that looks like a good one. The dump holds customers' personal
// data: only its owner may read it.
func backup(ctx context.Context, app *App, out string) error {
	dir := filepath.Dir(out)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(out)+".partial-*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	_ = tmp.Close()
	defer func() { _ = os.Remove(tmp.Name()) }()

	dump := func(dsn string) error {
		start := time.Now()
		app.Log.Info("backing up the database", "to", out)
		if err := pgTool(ctx, app, "pg_dump", dsn, "--format=custom", "--file="+tmp.Name()); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		if err := pgTool(ctx, app, "pg_restore", "", "--list", tmp.Name()); err != nil {
			return fmt.Errorf("backup: the dump does not read back: %w", err)
		}
		if err := os.Rename(tmp.Name(), out); err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		info, err := os.Stat(out)
		if err != nil {
			return fmt.Errorf("backup: %w", err)
		}
		app.Log.Info("backup written", "file", out, "bytes", info.Size(), "duration", time.Since(start).Round(time.Millisecond))
		fmt.Fprintln(app.Stdout, out)
		return nil
	}
	if app.Config.DatabaseURL == "" {
		if dsn, ok := pgembed.Running(ctx, filepath.Join(app.Config.DataDir, "postgres"), embeddedDatabase); ok {
			return dump(dsn)
		}
	}
	return withDatabases(ctx, app, func(dbs *Databases) error { return dump(dbs.primaryDSN) })
}

// restore loads file into the configured or embedded database, which must
// be empty: loading over a shop's data would mix two shops. The load is one
// transaction, so a failure leaves the database empty for another try.
// Owners and grants are left out, so the objects belong to the user shopd
// connects as, whatever the roles were where the dump was made.
func restore(ctx context.Context, app *App, file string) error {
	if _, err := os.Stat(file); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	return withDatabases(ctx, app, func(dbs *Databases) error {
		pool, err := dbs.maintenance(ctx, app)
		if err != nil {
			return err
		}
		defer pool.Close()
		if err := refuseNonEmpty(ctx, pool); err != nil {
			return err
		}
		start := time.Now()
		app.Log.Info("restoring the database", "from", file)
		if err := pgTool(ctx, app, "pg_restore", dbs.primaryDSN,
			"--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", file); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
		if err := db.Migrate(ctx, pool); err != nil {
			return fmt.Errorf("restore: loaded, but migrating it failed: %w", err)
		}
		// Payment attempts made after the backup are lost but Redsys has
		// seen their order numbers; a new generation keeps the next ones
		// apart.
		// Refunds queued in the dump may have been paid back since: they
		// wait for the owner (shopd payments release-refunds).
		var generation int
		var held int64
		if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var err error
			if generation, err = payment.BumpRestoreGeneration(ctx, tx); err != nil {
				return err
			}
			if held, err = payment.HoldRefunds(ctx, tx); err != nil {
				return err
			}
			// The AEAT may hold records issued after this backup.
			if app.Config.VerifactuSending() {
				return invoice.HoldInvoicing(ctx, tx, time.Now())
			}
			return nil
		}); err != nil {
			return fmt.Errorf("restore: loaded, but %w", err)
		}
		app.Log.Info("restore done", "from", file, "duration", time.Since(start).Round(time.Millisecond),
			"restore_generation", generation, "refunds_held", held)
		if app.Config.VerifactuSending() {
			fmt.Fprintln(app.Stdout, "Invoicing is held until the restored VeriFactu chain matches the records the AEAT holds: "+
				"shopd compares them once it runs (back office, VeriFactu).")
		}
		if held > 0 {
			fmt.Fprintf(app.Stdout, "%d Redsys refunds were queued in the dump and are held: check in Redsys's portal "+
				"which were already made, then run `shopd payments release-refunds`.\n", held)
		}
		return nil
	})
}

// refuseNonEmpty fails when the database holds any table, view or
// sequence outside PostgreSQL's own schemas.
func refuseNonEmpty(ctx context.Context, pool *pgxpool.Pool) error {
	var names []string
	rows, err := pool.Query(ctx, `SELECT n.nspname || '.' || c.relname FROM pg_class c
		JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		  AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\_toast%'
		ORDER BY 1`)
	if err != nil {
		return fmt.Errorf("restore: look for tables: %w", err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return fmt.Errorf("restore: look for tables: %w", err)
		}
		names = append(names, name)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("restore: look for tables: %w", err)
	}
	if len(names) == 0 {
		return nil
	}
	var db string
	if err := pool.QueryRow(ctx, "SELECT current_database()").Scan(&db); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	shown := names[:min(len(names), 3)]
	return fmt.Errorf("restore: database %q is not empty (%d tables and sequences, such as %s): "+
		"restore only into a new, empty database (CREATE DATABASE, or a fresh DATA_DIR for the embedded one)",
		db, len(names), strings.Join(shown, ", "))
}
