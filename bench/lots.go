package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/sabores/sabores/sql/migrations"
)

// The traceability bench's shop (issue 40): lotsOrders online orders of
// one line each over lotsProducts products of lotsPerProduct lots, and
// one hot lot that lotsHotSales of them took.
const (
	lotsOrders     = 100_000
	lotsProducts   = 200
	lotsPerProduct = 5
	lotsHotSales   = 5_000
	lotsRuns       = 50
)

// lotsTraceQueries are the reads of lots.Service.TraceLot, in its order,
// from sql/queries/recalls.sql: the bench runs the use case's SQL as it
// does, in one repeatable-read read-only transaction (bench, outside
// backend/, cannot import the module). The last is the page of sales.
var lotsTraceQueries = []string{"LotTraceHead", "LotRecallOf", "LotDeliveries", "LotSalesTotals", "LotSalesPage"}

// lotsTracePage is the sales page the trace screen asks for
// (lots.DefaultTracePage), read with one row more as TraceLot does.
const lotsTracePage = 100

// traceArgs are each trace query's arguments, in lotsTraceQueries' order,
// for the page of lot's sales after order after.
func traceArgs(lot, after int64) [][]any {
	return [][]any{{lot}, {[]int64{lot}}, {[]int64{lot}}, {lot}, {lot, after, lotsTracePage + 1}}
}

// runLotsOnly is `go run ./bench lots`: a fresh database migrated to this
// tree, seeded with 100 000 orders holding lots, then lots.TraceLot's
// queries timed lotsRuns times on a typical lot (some 100 sales) and on
// the hot lot (5 000 sales); the target is 200 ms.
func runLotsOnly(ctx context.Context, cfg config) error {
	if cfg.adminURL == "" {
		cfg.adminURL = defaultAdminURL
	}
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, "sabores_bench_lots", "")
	if err != nil {
		return err
	}
	defer drop()
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return err
	}
	defer pool.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(pool), migrations.FS, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	// River's tables too: since migration 00660 a stock movement may queue
	// a back-in-stock job in SQL, so the seed's receipts need river_job.
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return err
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("migrate river: %w", err)
	}
	began := time.Now()
	typical, hot, err := seedLots(ctx, pool)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	log.Printf("seeded %d orders in %s", lotsOrders, time.Since(began).Round(time.Second))
	// As autovacuum leaves a shop's tables: with statistics (the planner
	// guessed 100 sales of the hot lot, not 5 000) and the visibility map
	// set (the trace's index-only scan of order_lots fetched every heap row).
	if _, err := pool.Exec(ctx, "VACUUM (ANALYZE) order_lots, orders, lots, delivery_lines, deliveries, suppliers"); err != nil {
		return fmt.Errorf("vacuum: %w", err)
	}
	queries, err := traceSQL("sql/queries/recalls.sql")
	if err != nil {
		return err
	}
	// The hot lot's last page starts after its last orders but one page:
	// keyset paging reads it from the index at the cursor, as the first.
	var lastPage int64
	if err := pool.QueryRow(ctx, `SELECT order_id FROM order_lots WHERE lot_id = $1 ORDER BY order_id DESC OFFSET $2 LIMIT 1`,
		hot, lotsTracePage/2).Scan(&lastPage); err != nil {
		return err
	}
	for _, c := range []struct {
		name       string
		lot, after int64
	}{{"typical lot", typical, 0}, {"hot lot", hot, 0}, {"hot, last pg", hot, lastPage}} {
		times, sales, err := timeTrace(ctx, pool, queries, c.lot, c.after)
		if err != nil {
			return err
		}
		printLotsRun(os.Stdout, c.name, sales, times)
	}
	return nil
}

// seedLots fills the shop in a few statements: products with their lots
// and one delivery each, shoppers, orders with their line and the lot
// each took (order_lots), the hot lot's first. It returns a typical lot
// and the hot one.
func seedLots(ctx context.Context, pool *pgxpool.Pool) (typical, hot int64, err error) {
	// One connection: the temporary tables are its own.
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer conn.Release()
	steps := []string{
		`INSERT INTO users (issuer, subject, email, full_name)
		 SELECT 'https://bench', 'shopper-' || g, 'shopper' || g || '@bench.test', 'Shopper ' || g FROM generate_series(1, 2000) g`,
		`INSERT INTO products (name, code, sku, category, price_cents, vat_basis_points, stock)
		 SELECT 'Producto ' || g, 'LB-' || g, 'LSKU-' || g, 'despensa', 300, 1000, 0 FROM generate_series(1, ` + fmt.Sprint(lotsProducts) + `) g`,
		`INSERT INTO suppliers (name, tax_id) VALUES ('Proveedor bench SL', 'B12345674')`,
		`INSERT INTO lots (product_id, code, expires_on, date_type, remaining)
		 SELECT p.id, 'L-' || p.id || '-' || n, DATE '2027-01-01' + n * 30, 'best_before', 0
		 FROM products p, generate_series(1, ` + fmt.Sprint(lotsPerProduct) + `) n`,
		`INSERT INTO deliveries (supplier_id, document_number, delivered_on)
		 SELECT (SELECT id FROM suppliers), 'ALB-' || l.id, DATE '2026-06-01' FROM lots l WHERE l.code IS NOT NULL`,
		`INSERT INTO delivery_lines (delivery_id, line_no, product_id, lot_id, quantity)
		 SELECT d.id, 1, l.product_id, l.id, 1000 FROM lots l JOIN deliveries d ON d.document_number = 'ALB-' || l.id`,
		`INSERT INTO orders (user_id, idempotency_key, status, payment_method, payment_status, subtotal_cents, vat_cents, total_cents,
		     delivery_name, delivery_email, delivery_phone, delivery_address, delivery_city, delivery_postal_code, created_at)
		 SELECT u.id, gen_random_uuid(), 'delivered', 'card', 'paid', 300, 27, 300, u.full_name, u.email, '600000000',
		     'Rúa ' || g, 'Burela', '27880', now() - (g || ' minutes')::interval
		 FROM generate_series(1, ` + fmt.Sprint(lotsOrders) + `) g JOIN users u ON u.subject = 'shopper-' || (g % 2000 + 1)`,
		// The first lotsHotSales orders take the hot lot (the first lot
		// of the first product); the rest a lot picked by the order's id.
		`CREATE TEMP TABLE bench_lots AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id, product_id FROM lots WHERE code IS NOT NULL`,
		`CREATE TEMP TABLE bench_orders AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM orders`,
		`INSERT INTO order_lots (order_id, lot_id, quantity)
		 SELECT o.id, l.id, 1 + o.n % 3 FROM bench_orders o
		 JOIN bench_lots l ON l.n = CASE WHEN o.n < ` + fmt.Sprint(lotsHotSales) + ` THEN 0
		     ELSE 1 + o.n % ((SELECT count(*) FROM bench_lots) - 1) END`,
		`INSERT INTO order_lines (order_id, line_no, product_id, product_name, quantity, unit_price_cents, regular_unit_price_cents,
		     vat_basis_points, line_total_cents)
		 SELECT ol.order_id, 1, l.product_id, 'Producto', ol.quantity, 100, 100, 1000, 100 * ol.quantity
		 FROM order_lots ol JOIN lots l ON l.id = ol.lot_id`,
		`ANALYZE`,
	}
	for _, s := range steps {
		if _, err := conn.Exec(ctx, s); err != nil {
			return 0, 0, fmt.Errorf("%.60s…: %w", strings.Join(strings.Fields(s), " "), err)
		}
	}
	err = conn.QueryRow(ctx, `SELECT (SELECT id FROM bench_lots WHERE n = 0), (SELECT id FROM bench_lots WHERE n = 500)`).Scan(&hot, &typical)
	return typical, hot, err
}

// traceSQL reads the trace's queries from the sqlc file, with sqlc's
// parameters as PostgreSQL's, numbered in the order they first appear.
func traceSQL(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, name := range lotsTraceQueries {
		_, rest, ok := strings.Cut(string(b), "-- name: "+name+" ")
		if !ok {
			return nil, fmt.Errorf("%s: no query %s", path, name)
		}
		_, rest, _ = strings.Cut(rest, "\n")
		q, _, _ := strings.Cut(rest, ";")
		numbers := map[string]string{}
		out = append(out, regexp.MustCompile(`@[a-z_]+`).ReplaceAllStringFunc(q, func(p string) string {
			if _, ok := numbers[p]; !ok {
				numbers[p] = fmt.Sprintf("$%d", len(numbers)+1)
			}
			return numbers[p]
		}))
	}
	return out, nil
}

// timeTrace runs the trace of lot's sales after order after runs times as
// TraceLot does; it returns each run's time and the sales read.
func timeTrace(ctx context.Context, pool *pgxpool.Pool, queries []string, lot, after int64) ([]time.Duration, int, error) {
	args := traceArgs(lot, after)
	var times []time.Duration
	sales := 0
	for range lotsRuns {
		start := time.Now()
		err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
			for i, q := range queries {
				rows, err := tx.Query(ctx, q, args[i]...)
				if err != nil {
					return err
				}
				n := 0
				for rows.Next() {
					n++
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
				if i == len(queries)-1 {
					sales = n
				}
			}
			return nil
		})
		if err != nil {
			return nil, 0, err
		}
		times = append(times, time.Since(start))
	}
	return times, sales, nil
}

func printLotsRun(w io.Writer, name string, sales int, times []time.Duration) {
	slices.Sort(times)
	at := func(p float64) time.Duration { return times[min(len(times)-1, int(p*float64(len(times))))] }
	fmt.Fprintf(w, "trace %-12s %5d sales read  p50 %6.1f ms  p99 %6.1f ms  max %6.1f ms  (%d runs, %d orders, load %.2f; target 200 ms)\n",
		name, sales, ms(at(0.5)), ms(at(0.99)), ms(times[len(times)-1]), len(times), lotsOrders, loadAvg())
}
