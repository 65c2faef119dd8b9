package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// checkoutProducts is the catalogue size of the checkout run.
const checkoutProducts = 1000

// checkoutRecord is one concurrency of the checkout run: whole card
// checkouts (PlaceOrder, StartPayment, the signed Redsys notification) per
// second, each counted once its notification was answered.
type checkoutRecord struct {
	Products  int     `json:"products"`
	Conns     int     `json:"conns"`
	Checkouts int64   `json:"checkouts"`
	Errors    int64   `json:"errors"`
	PerSec    float64 `json:"checkouts_per_sec"`
	P50MS     float64 `json:"p50_ms"`
	P99MS     float64 `json:"p99_ms"`
	// LoadAvg is /proc/loadavg's 1-minute figure before the run: the
	// machine is shared, so the figures are only as quiet as it was.
	LoadAvg    float64 `json:"load_avg_1m"`
	FirstError string  `json:"first_error,omitempty"`
	// Commits is how many transactions the bench database committed from
	// just before the run until its jobs were done (pg_stat_database's
	// xact_commit, the bench's own readings left out): every statement run
	// outside a transaction counts as one. CommitsPerCheckout divides it,
	// less what the idle shop commits in as long (checkoutReport's
	// IdleCommitsPerSec: River's pollers and leader), by the checkouts,
	// each one paid.
	Commits            int64   `json:"commits"`
	CommitsPerCheckout float64 `json:"commits_per_paid_checkout"`
}

// checkoutReport is the checkout run: its rows and whether every checkout
// counted left its order paid by card in the database.
type checkoutReport struct {
	Runs []checkoutRecord `json:"runs"`
	// WarmUp is how many checkouts the unrecorded warm-up made.
	WarmUp int64 `json:"warm_up_checkouts"`
	// Paid is how many bench orders are paid by card after the runs; it
	// must equal the checkouts counted, warm-up included.
	Paid int64 `json:"orders_paid_by_card"`
	// IdleCommitsPerSec is what the database commits per second while
	// shopd serves nothing, taken out of each run's commits.
	IdleCommitsPerSec float64 `json:"idle_commits_per_sec"`
	// Pgbench is pgbench -N (its simple-update transaction) on the same
	// server at 32 connections: the server's ceiling of small write
	// transactions, which checkouts/s is read against.
	Pgbench pgbenchResult `json:"pgbench_simple_update"`
}

// benchCheckout measures checkout including the payment's notification
// (issue 14) on a database of its own: shopd serves the development
// gateway (no Redsys secret, a loopback address), and backend/cmd/checkoutload
// places card orders as signed-in shoppers, starts each payment and posts
// the notification signed with the published test key, at each of the
// configured concurrencies.
func benchCheckout(ctx context.Context, cfg config, shopd string, rep *report) error {
	if only := os.Getenv("BENCH_SCENARIOS"); only != "" && !strings.Contains(","+only+",", ",checkout,") {
		return nil
	}
	work := filepath.Join(cfg.dir, "work")
	load, err := filepath.Abs(filepath.Join(cfg.dir, "checkoutload"))
	if err != nil {
		return err
	}
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", load, "./backend/cmd/checkoutload")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("build checkoutload: %w", err)
	}
	const name = "sabores_bench_checkout"
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, "")
	if err != nil {
		return err
	}
	defer drop()
	if err := seedProducts(ctx, shopd, dsn, work, checkoutProducts); err != nil {
		return err
	}
	smp, err := sample(ctx, dsn)
	if err != nil {
		return err
	}
	if err := prepareShoppers(ctx, dsn, shoppers, smp.hotIDs); err != nil {
		return err
	}
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-checkout.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	ids := make([]string, len(smp.hotIDs))
	for i, id := range smp.hotIDs {
		ids[i] = strconv.FormatInt(id, 10)
	}
	products := strings.Join(ids, ",")
	out := &checkoutReport{}
	stats, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = stats.Close(ctx) }()
	xacts := &commitCounter{conn: stats}
	// A short warm-up, not recorded; then each run starts where the last
	// one's shoppers ended, so the order rate limit (a burst per shopper,
	// then one per 10 s) is not what is measured.
	warm, err := runCheckoutLoad(ctx, load, srv.base, 4, (cfg.duration / 3).String(), 0, products)
	if err != nil {
		return err
	}
	out.WarmUp = warm.Checkouts
	skip := warm.Checkouts + warm.Errors
	if out.IdleCommitsPerSec, err = xacts.idleRate(ctx); err != nil {
		return err
	}
	for _, c := range cfg.conns {
		start, err := xacts.read(ctx)
		if err != nil {
			return err
		}
		began := time.Now()
		res, err := runCheckoutLoad(ctx, load, srv.base, c, cfg.duration.String(), skip, products)
		if err != nil {
			return err
		}
		if err := xacts.settle(ctx); err != nil {
			return err
		}
		end, err := xacts.read(ctx)
		if err != nil {
			return err
		}
		res.Commits = end - start
		if res.Checkouts > 0 {
			net := float64(res.Commits) - out.IdleCommitsPerSec*time.Since(began).Seconds()
			res.CommitsPerCheckout = net / float64(res.Checkouts)
		}
		skip += res.Checkouts + res.Errors
		res.Products = checkoutProducts
		out.Runs = append(out.Runs, res)
		log.Printf("%7d %-20s c=%-3d %8.1f checkouts/s p50 %6.2f ms p99 %6.2f ms errors %d %.1f commits/checkout load %.2f %s",
			checkoutProducts, "checkout+notify", c, res.PerSec, res.P50MS, res.P99MS, res.Errors, res.CommitsPerCheckout, res.LoadAvg, res.FirstError)
	}
	if err := stats.QueryRow(ctx, `SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id
		WHERE u.issuer = 'https://bench.sabores.local' AND o.payment_method = 'card' AND o.payment_status = 'paid'`).Scan(&out.Paid); err != nil {
		return err
	}
	srv.stop()
	if out.Pgbench, err = pgbenchSimpleUpdate(ctx, cfg); err != nil {
		return err
	}
	rep.Checkout = out
	return nil
}

// pgbenchSimpleUpdate runs pgbench -N at 32 connections on a database of
// its own on the same server.
func pgbenchSimpleUpdate(ctx context.Context, cfg config) (pgbenchResult, error) {
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, "sabores_bench_pgbench", "")
	if err != nil {
		return pgbenchResult{}, err
	}
	defer drop()
	init := exec.CommandContext(ctx, pgbenchPath(), "-i", "-q", "-s", "10", dsn)
	if out, err := init.CombinedOutput(); err != nil {
		return pgbenchResult{}, fmt.Errorf("pgbench -i: %w\n%s", err, out)
	}
	return pgbenchTPS(ctx, dsn, "simple-update", 32, cfg.duration, "-N")
}

// runCheckoutLoad runs checkoutload once.
func runCheckoutLoad(ctx context.Context, load, base string, conns int, duration string, skip int64, products string) (checkoutRecord, error) {
	rec := checkoutRecord{LoadAvg: loadAvg()}
	cmd := exec.CommandContext(ctx, load, "-base", base, "-conns", strconv.Itoa(conns), "-duration", duration,
		"-from", "1", "-shoppers", strconv.Itoa(shoppers), "-skip", strconv.FormatInt(skip, 10), "-products", products)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return rec, fmt.Errorf("checkoutload: %w", err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return rec, fmt.Errorf("checkoutload's answer %q: %w", b, err)
	}
	return rec, nil
}

// statsFlush is how long a backend may hold its counts before
// pg_stat_database shows them: an idle backend flushes them at most 10 s
// after its last transaction (PGSTAT_IDLE_INTERVAL).
const statsFlush = 11 * time.Second

// commitCounter reads the bench database's committed transactions
// (pg_stat_database.xact_commit) on its own connection, leaving out the
// transactions its own statements commit.
type commitCounter struct {
	conn *pgx.Conn
	// own counts the statements run on conn, one committed transaction each.
	own int64
}

// read is the database's commits so far, less the counter's own. It
// counts only what backends have flushed; settle first.
func (c *commitCounter) read(ctx context.Context) (int64, error) {
	var n int64
	c.own++
	if err := c.conn.QueryRow(ctx, `SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read commits: %w", err)
	}
	return n - c.own, nil
}

// settle waits until shopd's job queue holds nothing left to run (the
// checkouts' e-mails, invoices' submissions), then until every backend
// flushed its counts.
func (c *commitCounter) settle(ctx context.Context) error {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var pending int64
		c.own++
		if err := c.conn.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable')`).Scan(&pending); err != nil {
			return fmt.Errorf("count pending jobs: %w", err)
		}
		if pending == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Second)
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(statsFlush):
		return nil
	}
}

// idleRate is what the database commits per second while shopd serves
// nothing: what runs by itself (River's pollers, its leader), measured
// over a flush interval once the warm-up's jobs are done.
func (c *commitCounter) idleRate(ctx context.Context) (float64, error) {
	if err := c.settle(ctx); err != nil {
		return 0, err
	}
	start, err := c.read(ctx)
	if err != nil {
		return 0, err
	}
	began := time.Now()
	if err := c.settle(ctx); err != nil {
		return 0, err
	}
	end, err := c.read(ctx)
	if err != nil {
		return 0, err
	}
	return float64(end-start) / time.Since(began).Seconds(), nil
}

// loadAvg is the machine's 1-minute load average; 0 when unknown.
func loadAvg() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

// printCheckout prints the checkout run's table.
func printCheckout(w io.Writer, r *checkoutReport) {
	if r == nil {
		return
	}
	counted := r.WarmUp
	fmt.Fprintf(w, "\nCheckout with the payment confirmed (card order, StartPayment, signed Redsys notification), %d products\n", checkoutProducts)
	fmt.Fprintf(w, "%-6s %12s %10s %10s %8s %10s %8s\n", "conns", "checkouts/s", "p50 ms", "p99 ms", "errors", "commits/co", "load 1m")
	for _, c := range r.Runs {
		counted += c.Checkouts
		fmt.Fprintf(w, "%-6d %12.1f %10.2f %10.2f %8d %10.1f %8.2f\n", c.Conns, c.PerSec, c.P50MS, c.P99MS, c.Errors, c.CommitsPerCheckout, c.LoadAvg)
		if c.Conns == r.Pgbench.Conns && r.Pgbench.TPS > 0 {
			fmt.Fprintf(w, "       %.1f %% of pgbench -N's %.0f tps at %d connections on the same server\n",
				100*c.PerSec/r.Pgbench.TPS, r.Pgbench.TPS, r.Pgbench.Conns)
		}
	}
	fmt.Fprintf(w, "commits/co: transactions committed per paid checkout, its e-mails' and jobs' included, less %.1f/s idle\n", r.IdleCommitsPerSec)
	check := "every checkout counted left its order paid"
	if counted != r.Paid {
		check = fmt.Sprintf("MISMATCH: %d checkouts counted", counted)
	}
	fmt.Fprintf(w, "orders paid by card: %d (%s)\n", r.Paid, check)
}
