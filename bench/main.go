// Command bench measures how fast the shop is (`./task bench`, issue 7):
// it builds shopd in release mode, creates a fresh database per catalogue
// size, seeds it, starts shopd on a free local port, drives each scenario
// with wrk at several concurrencies, compares the catalogue reads with
// pgbench running the same SQL, measures the web app's size and Largest
// Contentful Paint, then prints a table and writes bench/results/*.json.
//
// Environment: TEST_DATABASE_URL (the PostgreSQL server to create databases
// on; without one reachable, shopd's embedded cluster is started),
// BENCH_SIZES (default "1000,100000"), BENCH_CONNS ("1,8,32,128"),
// BENCH_DURATION ("3s" per run), BENCH_PORT (8090), BENCH_WEB (0 skips the
// web app), BENCH_SCENARIOS (comma-separated names; empty runs them all),
// LIGHTHOUSE_RUNS (3 a page), LIGHTHOUSE_CPU_SLOWDOWN (4), LIGHTHOUSE_BENCHMARK_INDEX, BENCH_SHOPD (a shopd binary to measure
// instead of building this tree's, e.g. an older commit's for an A/B
// comparison). BENCH_SCENARIOS=backoffice (./task bench-backoffice) runs
// only the back office at scale (backoffice.go). `go run ./bench lighthouse`
// (./task lighthouse) runs only Lighthouse's mobile preset on 1 000
// products; `go run ./bench checkout` only the checkout with the payment's
// notification (bench/checkout.go); `go run ./bench till` only the till
// (bench/till.go); `go run ./bench lots` only the traceability query
// on 100 000 orders (bench/lots.go, no shopd); `go run ./bench bodies` only the
// security review's anonymous gzip bodies (bench/bodies.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

const defaultAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

type config struct {
	sizes    []int
	conns    []int
	duration time.Duration
	port     int
	web      bool
	adminURL string
	dir      string
	vegeta   string
	// mail receives shopd's e-mails (SMTP_HOST and SMTP_PORT).
	mail *mailSink
}

// runRecord is one row of the table.
type runRecord struct {
	Products int    `json:"products"`
	Scenario string `json:"scenario"`
	Conns    int    `json:"conns"`
	loadResult
	PeakRSSMB float64 `json:"server_peak_rss_mb"`
	// RunRSSMB and Goroutines are the highest values sampled during this
	// run (goroutines from /metrics' go_goroutines, when shopd serves it).
	RunRSSMB   float64 `json:"server_run_rss_mb"`
	Goroutines int     `json:"server_goroutines,omitempty"`
	Threads    int     `json:"server_threads"`
	// ShopdCPUUS and DBCPUUS are the CPU time shopd and the PostgreSQL
	// backends of its database spent per request during the run, in µs:
	// steadier than req/s when the machine is shared.
	ShopdCPUUS float64 `json:"shopd_cpu_us_per_req"`
	DBCPUUS    float64 `json:"db_cpu_us_per_req"`
}

// comparison puts an RPC next to pgbench running its SQL.
type comparison struct {
	Products   int     `json:"products"`
	Scenario   string  `json:"scenario"`
	Conns      int     `json:"conns"`
	RPCPerSec  float64 `json:"rpc_per_sec"`
	SQLPerSec  float64 `json:"pgbench_tps"`
	Ratio      float64 `json:"ratio"`
	PgbenchSQL string  `json:"pgbench_script"`
}

type sizeReport struct {
	Products      int     `json:"products"`
	ColdStartupMS float64 `json:"cold_startup_ms"`
	WarmStartupMS float64 `json:"warm_startup_ms"`
	SeedSeconds   float64 `json:"seed_seconds"`
	Orders        int64   `json:"orders_placed"`
	// EmailsSent is how many e-mails shopd delivered to the mail sink
	// while this size ran (one per order placed, sent by River).
	EmailsSent      int64 `json:"emails_sent"`
	Oversold        bool  `json:"oversold"`
	OversellChecked int   `json:"oversell_products_checked"`
}

type report struct {
	Time        time.Time          `json:"time"`
	Machine     string             `json:"machine"`
	DurationSec float64            `json:"run_seconds_each"`
	Sizes       []sizeReport       `json:"sizes"`
	Runs        []runRecord        `json:"runs"`
	Comparisons []comparison       `json:"pgbench"`
	Rates       []rateResult       `json:"at_target_rate"`
	Web         *webReport         `json:"web,omitempty"`
	Past        *pastReport        `json:"past_one_process,omitempty"`
	Notes       []string           `json:"notes"`
	Checkout    *checkoutReport    `json:"checkout_with_notification,omitempty"`
	Till        *tillReport        `json:"till,omitempty"`
	Extra       map[string]float64 `json:"extra,omitempty"`
	Backoffice  *backofficeReport  `json:"backoffice,omitempty"`
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("bench: ")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx); err != nil {
		log.Fatal(err)
	}
}

func envInts(name, def string) []int {
	v := os.Getenv(name)
	if v == "" {
		v = def
	}
	var out []int
	for f := range strings.SplitSeq(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			log.Fatalf("%s: %v", name, err)
		}
		out = append(out, n)
	}
	return out
}

func run(ctx context.Context) error {
	started := time.Now()
	cfg := config{
		sizes:    envInts("BENCH_SIZES", "1000,100000"),
		conns:    envInts("BENCH_CONNS", "1,8,32,128"),
		duration: 3 * time.Second,
		port:     8090,
		web:      os.Getenv("BENCH_WEB") != "0",
		adminURL: os.Getenv("TEST_DATABASE_URL"),
		dir:      filepath.Join("bench", "results"),
	}
	if d := os.Getenv("BENCH_DURATION"); d != "" {
		var err error
		if cfg.duration, err = time.ParseDuration(d); err != nil {
			return err
		}
	}
	if p := os.Getenv("BENCH_PORT"); p != "" {
		cfg.port, _ = strconv.Atoi(p)
	}
	if err := os.MkdirAll(filepath.Join(cfg.dir, "work"), 0o755); err != nil {
		return err
	}
	if len(os.Args) > 1 && os.Args[1] == "lots" {
		return runLotsOnly(ctx, cfg)
	}
	if err := ensureTools(ctx, cfg.web); err != nil {
		return err
	}
	shopd, err := filepath.Abs(filepath.Join(cfg.dir, "shopd"))
	if err != nil {
		return err
	}
	if bin := os.Getenv("BENCH_SHOPD"); bin != "" {
		if shopd, err = filepath.Abs(bin); err != nil {
			return err
		}
		log.Printf("measuring %s", shopd)
	} else {
		log.Printf("building shopd in release mode")
		build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags", "-s -w", "-o", shopd, "./backend/cmd/shopd")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build shopd: %w", err)
		}
	}
	if cfg.vegeta, err = buildVegeta(ctx, cfg.dir); err != nil {
		return err
	}
	if cfg.mail, err = startMailSink(ctx); err != nil {
		return err
	}
	if cfg.adminURL == "" {
		cfg.adminURL = defaultAdminURL
	}
	if !reachable(ctx, cfg.adminURL) {
		log.Printf("no PostgreSQL at TEST_DATABASE_URL; starting shopd's embedded cluster")
		pgURL, stopPG, err := embeddedPostgres(ctx, shopd, cfg.dir)
		if err != nil {
			return err
		}
		defer stopPG()
		cfg.adminURL = pgURL
	}
	if len(os.Args) > 1 && os.Args[1] == "lighthouse" {
		return runLighthouseOnly(ctx, cfg, shopd)
	}
	if len(os.Args) > 1 && os.Args[1] == "csv" {
		return runCSVOnly(ctx, cfg, shopd)
	}
	if len(os.Args) > 1 && os.Args[1] == "bodies" {
		return runBodiesOnly(ctx, cfg, shopd)
	}

	rep := &report{Time: time.Now().UTC(), Machine: machine(), DurationSec: cfg.duration.Seconds(), Extra: map[string]float64{}}
	onlyTill := len(os.Args) > 1 && os.Args[1] == "till"
	if len(os.Args) > 1 && os.Args[1] == "checkout" || onlyTill {
		cfg.sizes, cfg.web = nil, false
	}
	for i, n := range cfg.sizes {
		if onlyBackoffice() {
			break
		}
		last := i == len(cfg.sizes)-1
		if err := benchSize(ctx, cfg, shopd, n, last, rep); err != nil {
			return fmt.Errorf("%d products: %w", n, err)
		}
	}
	if !onlyTill {
		if err := benchCheckout(ctx, cfg, shopd, rep); err != nil {
			return fmt.Errorf("checkout: %w", err)
		}
	}
	if err := benchTill(ctx, cfg, shopd, rep); err != nil {
		return fmt.Errorf("till: %w", err)
	}
	if wantBackoffice() {
		if err := benchBackoffice(ctx, cfg, shopd, rep); err != nil {
			return fmt.Errorf("back office: %w", err)
		}
	}
	if cfg.web {
		if rep.Web == nil {
			rep.Web = &webReport{}
		}
		rep.Web.Sizes, rep.Web.SizeScript = bundleSizes(ctx)
	}
	rep.Extra["bench_total_seconds"] = time.Since(started).Seconds()
	printReport(os.Stdout, rep)
	printCheckout(os.Stdout, rep.Checkout)
	printTill(os.Stdout, rep.Till)
	printPast(os.Stdout, rep.Past)
	var lighthouseMissed []string
	if rep.Web != nil && rep.Web.LighthousePages != nil {
		paths := rep.Web.LighthousePages
		printLighthouse(os.Stdout, paths, rep.Web.Lighthouse)
		lighthouseMissed = lighthouseMisses(paths, rep.Web.Lighthouse)
	}
	b, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	name := filepath.Join(cfg.dir, "bench-"+rep.Time.Format("20060102-150405")+".json")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(cfg.dir, "latest.json"), b, 0o644); err != nil {
		return err
	}
	fmt.Printf("\nwritten %s (and latest.json) in %.0f s\n", name, time.Since(started).Seconds())
	if len(lighthouseMissed) > 0 {
		return errors.New("Lighthouse below issue 20's targets:\n  " + strings.Join(lighthouseMissed, "\n  "))
	}
	return nil
}

// aptInstall installs Debian packages, updating the package lists only
// when the first try fails, through sudo when not root.
func aptInstall(ctx context.Context, pkgs ...string) error {
	list := strings.Join(pkgs, " ")
	log.Printf("installing %s with apt-get", strings.Join(pkgs, ", "))
	sh := "apt-get install -y -qq " + list + " || (apt-get update -qq && apt-get install -y -qq " + list + ")"
	if os.Geteuid() != 0 {
		sh = "sudo sh -c '" + sh + "'"
	}
	cmd := exec.CommandContext(ctx, "sh", "-c", sh)
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("install %s: %w", list, err)
	}
	return nil
}

// ensureTools installs wrk (and Chromium for the web figures) from apt when
// missing, and checks pgbench.
func ensureTools(ctx context.Context, web bool) error {
	var missing []string
	if _, err := exec.LookPath("wrk"); err != nil {
		missing = append(missing, "wrk")
	}
	if _, err := os.Stat(chromiumPath()); err != nil && web {
		missing = append(missing, "chromium")
	}
	if len(missing) > 0 {
		if err := aptInstall(ctx, missing...); err != nil {
			return err
		}
	}
	if _, err := os.Stat(pgbenchPath()); err != nil {
		return fmt.Errorf("pgbench not found (PostgreSQL's client tools): %w", err)
	}
	return nil
}

func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

func reachable(ctx context.Context, dsn string) bool {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return false
	}
	_ = conn.Close(ctx)
	return true
}

// embeddedPostgres runs `shopd postgres` and returns the URL it prints.
func embeddedPostgres(ctx context.Context, shopd, dir string) (string, func(), error) {
	cmd := exec.CommandContext(ctx, shopd, "postgres", "--data-dir", filepath.Join(dir, "pg"))
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stopFn := func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }
	buf := make([]byte, 4096)
	var got strings.Builder
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		n, err := out.Read(buf)
		got.Write(buf[:n])
		for line := range strings.SplitSeq(got.String(), "\n") {
			if dsn, ok := strings.CutPrefix(line, "DATABASE_URL="); ok && strings.HasSuffix(got.String(), "\n") {
				go func() { _, _ = io.Copy(io.Discard, out) }()
				return strings.TrimSpace(dsn), stopFn, nil
			}
		}
		if err != nil {
			break
		}
	}
	stopFn()
	return "", nil, errors.New("embedded PostgreSQL did not print its URL")
}

func machine() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s, %d CPUs, %s/%s, %s", host, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// withDatabase returns adminURL pointing at database name.
func withDatabase(adminURL, name string) (string, error) {
	u, err := url.Parse(adminURL)
	if err != nil {
		return "", fmt.Errorf("TEST_DATABASE_URL must be a postgres:// URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

func adminExec(ctx context.Context, adminURL, sql string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	_, err = conn.Exec(ctx, sql)
	return err
}

// freshDatabase drops the database name if a run left it, creates it
// (with the CREATE DATABASE options given, e.g. a template) and returns
// its URL and the function that drops it again.
func freshDatabase(ctx context.Context, adminURL, name, options string) (string, func(), error) {
	dsn, err := withDatabase(adminURL, name)
	if err != nil {
		return "", nil, err
	}
	if err := adminExec(ctx, adminURL, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return "", nil, err
	}
	if err := adminExec(ctx, adminURL, "CREATE DATABASE "+name+options); err != nil {
		return "", nil, fmt.Errorf("create database %s: %w", name, err)
	}
	return dsn, func() {
		_ = adminExec(context.WithoutCancel(ctx), adminURL, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}, nil
}
