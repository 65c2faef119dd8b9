package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// shoppers is how many signed-in shoppers place orders: the order rate limit
// (guard.OrderBurst at once, then one per 10 s) needs thousands for a
// benchmark's few thousand orders.
const shoppers = 4000

func benchSize(ctx context.Context, cfg config, shopd string, n int, last bool, rep *report) error {
	name := fmt.Sprintf("sabores_bench_%d", n)
	// Two benches on one machine need two ports, and two databases.
	if cfg.port != 8090 {
		name += fmt.Sprintf("_port%d", cfg.port)
	}
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, "")
	if err != nil {
		return err
	}
	defer drop()
	work := filepath.Join(cfg.dir, "work")
	sr := sizeReport{Products: n}
	mailBefore := cfg.mail.delivered.Load()

	// Cold start: an empty database, so the time includes every migration.
	srv, took, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-cold.log"))
	if err != nil {
		return err
	}
	sr.ColdStartupMS = ms(took)
	srv.stop()
	log.Printf("%d products: cold start (migrations) %.0f ms; seeding", n, sr.ColdStartupMS)

	seedStart := time.Now()
	if err := seedProducts(ctx, shopd, dsn, work, n); err != nil {
		return err
	}
	sr.SeedSeconds = time.Since(seedStart).Seconds()
	smp, err := sample(ctx, dsn)
	if err != nil {
		return err
	}
	stocked := smp.hotIDs
	if err := prepareShoppers(ctx, dsn, shoppers, stocked); err != nil {
		return err
	}
	log.Printf("%d products: seeded in %.1f s", n, sr.SeedSeconds)

	srv, took, err = startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, fmt.Sprintf("shopd-%d.log", n)))
	if err != nil {
		return err
	}
	defer srv.stop()
	sr.WarmStartupMS = ms(took)

	scs := scenarios(smp, srv.base, shoppers, stocked)
	if only := os.Getenv("BENCH_SCENARIOS"); only != "" {
		var keep []scenario
		for _, sc := range scs {
			if strings.Contains(","+only+",", ","+sc.Name+",") {
				keep = append(keep, sc)
			}
		}
		scs = keep
	}
	log.Printf("%d products: warming up", n)
	// Where each scenario's next run starts in its request list.
	next := map[string]int64{}
	for _, sc := range scs {
		res, err := runWrk(ctx, work, srv.base, sc, 8, time.Second, 0)
		if err != nil {
			return err
		}
		next[sc.Name] = res.Requests
	}
	meter, err := newCPUMeter(ctx, dsn, srv.cmd.Process.Pid)
	if err != nil {
		return err
	}
	defer meter.close(context.WithoutCancel(ctx))
	rpcAt := map[string]float64{}
	for _, sc := range scs {
		for _, c := range cfg.conns {
			cpuBefore, err := meter.snapshot(ctx)
			if err != nil {
				return err
			}
			sm := srv.sample(ctx)
			res, err := runWrk(ctx, work, srv.base, sc, c, cfg.duration, next[sc.Name])
			runRSS, gs := sm.finish()
			next[sc.Name] += res.Requests
			if err != nil {
				return err
			}
			cpuAfter, err := meter.snapshot(ctx)
			if err != nil {
				return err
			}
			shopdCPU, dbCPU := cpuAfter.since(cpuBefore)
			peak, threads := srv.memory()
			rec := runRecord{Products: n, Scenario: sc.Name, Conns: c, loadResult: res,
				PeakRSSMB: peak, RunRSSMB: runRSS, Goroutines: gs, Threads: threads}
			if res.Requests > 0 {
				rec.ShopdCPUUS = float64(shopdCPU.Microseconds()) / float64(res.Requests)
				rec.DBCPUUS = float64(dbCPU.Microseconds()) / float64(res.Requests)
			}
			rep.Runs = append(rep.Runs, rec)
			log.Printf("%7d %-20s c=%-3d %8.0f req/s p50 %6.2f ms p99 %6.2f ms errors %d rss %.0f MB cpu/req shopd %4.0f µs db %4.0f µs",
				n, sc.Name, c, res.RPS, float64(res.P50US)/1000, float64(res.P99US)/1000, res.ErrorsStatus+res.ErrorsSocket, peak,
				rec.ShopdCPUUS, rec.DBCPUUS)
			if c == 32 {
				rpcAt[sc.Name] = res.RPS
			}
		}
	}

	// The latency at the targets' rates, on the size the targets name.
	if last {
		for _, rt := range rateTargets {
			for _, sc := range scs {
				if sc.Name != rt.scenario {
					continue
				}
				// A second at the rate first, unmeasured, as the wrk runs had
				// their warm-up: the cache holds what a shop serving this
				// rate holds. The -cold scenarios' keys outnumber it.
				for _, d := range []time.Duration{time.Second, cfg.duration} {
					res, err := runRate(ctx, cfg.vegeta, work, srv.base, sc, rt.perSec, 32, d, next[sc.Name])
					if err != nil {
						return err
					}
					next[sc.Name] += int64(res.Achieved * d.Seconds())
					if d == time.Second {
						continue
					}
					res.Products = n
					rep.Rates = append(rep.Rates, res)
					log.Printf("%7d %-20s at %d/s: p50 %6.2f ms p99 %6.2f ms success %.3f", n, sc.Name, rt.perSec, res.P50MS, res.P99MS, res.Success)
				}
			}
		}
	}

	if last {
		if err := benchPast(ctx, cfg, shopd, dsn, srv, smp, stocked, n, rep); err != nil {
			return err
		}
	}

	// The limit: pgbench runs the SQL of the cold scenarios on as many
	// connections, with shopd idle.
	queries, err := namedQueries("sql/queries/catalog.sql")
	if err != nil {
		return err
	}
	scripts, err := pgbenchScripts(queries, smp.minID, smp.maxID, smp.categories, smp.searchTerms)
	if err != nil {
		return err
	}
	for _, sc := range scs {
		if sc.Compare == "" {
			continue
		}
		pb, err := runPgbench(ctx, work, dsn, sc.Compare, scripts[sc.Compare], 32, cfg.duration)
		if err != nil {
			return err
		}
		cmp := comparison{Products: n, Scenario: sc.Name, Conns: 32, RPCPerSec: rpcAt[sc.Name], SQLPerSec: pb.TPS, PgbenchSQL: sc.Compare}
		if pb.TPS > 0 {
			cmp.Ratio = cmp.RPCPerSec / pb.TPS
		}
		rep.Comparisons = append(rep.Comparisons, cmp)
	}

	if sr.Orders, sr.Oversold, sr.OversellChecked, err = checkOrders(ctx, dsn, stocked); err != nil {
		return err
	}
	sr.EmailsSent = cfg.mail.delivered.Load() - mailBefore
	if last && cfg.web {
		rep.Web = &webReport{}
		rep.Web.LCP, rep.Web.LCPError = measureLCP(ctx, srv.base, smp.hotIDs[0])
		rep.Web.LighthousePages = lighthousePages(smp.hotIDs[0])
		if rep.Web.Lighthouse, err = measureLighthouse(ctx, srv.base, rep.Web.LighthousePages); err != nil {
			rep.Web.LighthouseError = err.Error()
		}
	}
	// Last, as it adds its products to the catalogue: the CSV import of
	// issue 15, 100 000 rows through this shopd ("csv" in BENCH_SCENARIOS).
	if last && runSection("csv") {
		if err := benchCSV(ctx, shopd, dsn, srv, 100_000, rep); err != nil {
			return err
		}
	}
	rep.Sizes = append(rep.Sizes, sr)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// seedProducts fills the database with n products with `shopd seed
// --products N`, which also vacuums and analyzes what it loaded, as
// autovacuum would have by then.
func seedProducts(ctx context.Context, shopd, dsn, work string, n int) error {
	logf, err := os.Create(filepath.Join(work, "seed.log"))
	if err != nil {
		return err
	}
	defer func() { _ = logf.Close() }()
	cmd := exec.CommandContext(ctx, shopd, "seed", "--products", fmt.Sprint(n))
	// COPY of 100 000 products takes longer than the default statement timeout.
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "LOG_LEVEL=warn", "DB_STATEMENT_TIMEOUT=10m")
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("shopd seed --products %d: %w (see %s)", n, err, logf.Name())
	}
	return nil
}

// checkOrders counts the orders placed and checks no product sold more
// than its stock: what was taken equals what the order lines hold.
func checkOrders(ctx context.Context, dsn string, stocked []int64) (int64, bool, int, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return 0, false, 0, err
	}
	defer func() { _ = conn.Close(ctx) }()
	var orders int64
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id
		WHERE u.issuer = 'https://bench.sabores.local'`).Scan(&orders); err != nil {
		return 0, false, 0, err
	}
	// Only the shoppers' orders count: the sample catalogue has orders of its own.
	var bad int
	err = conn.QueryRow(ctx, `
		SELECT count(*) FROM products p
		LEFT JOIN (SELECT ol.product_id, sum(ol.quantity) AS sold FROM order_lines ol
		           JOIN orders o ON o.id = ol.order_id JOIN users u ON u.id = o.user_id
		           WHERE u.issuer = 'https://bench.sabores.local' GROUP BY ol.product_id) l ON l.product_id = p.id
		WHERE p.id = ANY($1) AND (p.stock < 0 OR 1000000 - p.stock <> COALESCE(l.sold, 0))`, stocked).Scan(&bad)
	return orders, bad > 0, len(stocked), err
}
