package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
	"github.com/sabores/sabores/gen/go/sabores/v1/saboresv1connect"
)

// The back office at scale (issue 19): a shop with years of orders. The
// section seeds once, into a template database named after the migrations
// and this seed's version, 100 000 products, 200 000 customers, 1 000 000
// orders (about 2.5 million lines) and 200 000 audit events, all in SQL
// (generate_series, the products through `shopd seed --products`); each run
// copies the template (CREATE DATABASE ... TEMPLATE) and measures the
// back-office reads through shopd with an admin session at 32 connections.
// It runs only when named: BENCH_SCENARIOS=backoffice (./task bench-backoffice).

const (
	boProducts  = 100_000
	boCustomers = 200_000
	boOrders    = 1_000_000
	boAudit     = 200_000
	// boSeedVersion changes when the seed below does, so an old template
	// is not reused for a different data set.
	boSeedVersion = "1"
	boAdminToken  = "bench-admin"
	// boTargetP99 is issue 19's target for every read but the export.
	boTargetP99 = 50 * time.Millisecond
)

// backofficeRun is one read's figures at 32 connections.
type backofficeRun struct {
	Scenario string `json:"scenario"`
	Conns    int    `json:"conns"`
	loadResult
	// Load1 is the machine's one-minute load average after the run: the
	// cores are shared, and the figures mean little without it.
	Load1 float64 `json:"load1_after"`
	Met   bool    `json:"p99_target_met"`
	// ShopdCPUUS and DBCPUUS are the CPU time shopd and its database's
	// backends spent per request, in µs: what the neighbours' load changes
	// least. At 32 connections a p99 under 50 ms needs about 640 req/s, so
	// together at most about 3 000 µs on 2 idle cores.
	ShopdCPUUS float64 `json:"shopd_cpu_us_per_req"`
	DBCPUUS    float64 `json:"db_cpu_us_per_req"`
}

// backofficeReport is the section's part of the report.
type backofficeReport struct {
	Template string `json:"template"`
	// SeedSeconds is how long seeding the template took, in this run or
	// the one that made it (Reused says which).
	SeedSeconds float64         `json:"seed_seconds"`
	Reused      bool            `json:"template_reused"`
	CopySeconds float64         `json:"copy_seconds"`
	Runs        []backofficeRun `json:"runs"`
	Export      boExportRun     `json:"export"`
}

// wantBackoffice says the back-office section was asked for by name.
func wantBackoffice() bool {
	return slices.Contains(strings.Split(os.Getenv("BENCH_SCENARIOS"), ","), "backoffice")
}

// onlyBackoffice says nothing but the back-office section was asked for:
// the catalogue sizes are then not seeded at all.
func onlyBackoffice() bool { return strings.TrimSpace(os.Getenv("BENCH_SCENARIOS")) == "backoffice" }

func benchBackoffice(ctx context.Context, cfg config, shopd string, rep *report) error {
	work := filepath.Join(cfg.dir, "work")
	tpl, err := boTemplateName()
	if err != nil {
		return err
	}
	releaseTpl, err := boHoldTemplate(ctx, cfg.adminURL, tpl)
	if err != nil {
		return err
	}
	defer releaseTpl()
	br := &backofficeReport{Template: tpl}
	rep.Backoffice = br
	tplURL, err := withDatabase(cfg.adminURL, tpl)
	if err != nil {
		return err
	}
	if br.SeedSeconds, br.Reused, err = boTemplateSeconds(ctx, cfg.adminURL, tpl); err != nil {
		return err
	}
	if !br.Reused {
		log.Printf("back office: seeding template %s (once; later runs reuse it)", tpl)
		started := time.Now()
		if err := boSeedTemplate(ctx, cfg.adminURL, tplURL, tpl, shopd, work); err != nil {
			return err
		}
		br.SeedSeconds = time.Since(started).Seconds()
		if err := adminExec(ctx, cfg.adminURL, fmt.Sprintf("COMMENT ON DATABASE %s IS 'seeded in %.1f s'", tpl, br.SeedSeconds)); err != nil {
			return err
		}
		log.Printf("back office: seeded in %.0f s", br.SeedSeconds)
	} else {
		log.Printf("back office: reusing template %s (seeded in %.0f s)", tpl, br.SeedSeconds)
	}

	// A name of the run's own: two runs of different schemas at once each
	// measure their copy.
	name := fmt.Sprintf("sabores_bench_backoffice_%d", os.Getpid())
	copyStart := time.Now()
	// FILE_COPY copies the files as they are; the default WAL_LOG strategy
	// would write the whole gigabytes through the WAL.
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, " TEMPLATE "+tpl+" STRATEGY FILE_COPY")
	if err != nil {
		return fmt.Errorf("copy the template: %w", err)
	}
	defer drop()
	releaseTpl()
	br.CopySeconds = time.Since(copyStart).Seconds()
	if err := boAdminSession(ctx, dsn); err != nil {
		return err
	}
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-backoffice.log"))
	if err != nil {
		return err
	}
	defer srv.stop()

	if err := boCheckAdmin(ctx, srv.base); err != nil {
		return err
	}
	scs, err := boScenarios(ctx, dsn, srv.base)
	if err != nil {
		return err
	}
	meter, err := newCPUMeter(ctx, dsn, srv.cmd.Process.Pid)
	if err != nil {
		return err
	}
	defer meter.close(context.WithoutCancel(ctx))
	for _, sc := range scs {
		// A second at 8 connections first, unmeasured: a back office that
		// has been open a while has its pages in PostgreSQL's cache.
		if _, err := runWrk(ctx, work, srv.base, sc, 8, time.Second, 0); err != nil {
			return err
		}
		before, err := meter.snapshot(ctx)
		if err != nil {
			return err
		}
		res, err := runWrk(ctx, work, srv.base, sc, 32, cfg.duration, 1000)
		if err != nil {
			return err
		}
		after, err := meter.snapshot(ctx)
		if err != nil {
			return err
		}
		run := backofficeRun{Scenario: sc.Name, Conns: 32, loadResult: res, Load1: load1(),
			Met: res.ErrorsStatus+res.ErrorsSocket == 0 && time.Duration(res.P99US)*time.Microsecond < boTargetP99}
		if res.Requests > 0 {
			shopdCPU, dbCPU := after.since(before)
			run.ShopdCPUUS = float64(shopdCPU.Microseconds()) / float64(res.Requests)
			run.DBCPUUS = float64(dbCPU.Microseconds()) / float64(res.Requests)
		}
		br.Runs = append(br.Runs, run)
		log.Printf("back office %-22s c=32 %7.0f req/s p50 %6.2f ms p99 %7.2f ms errors %d load %.1f cpu/req shopd %5.0f µs db %6.0f µs",
			sc.Name, res.RPS, float64(res.P50US)/1000, float64(res.P99US)/1000, res.ErrorsStatus+res.ErrorsSocket, run.Load1,
			run.ShopdCPUUS, run.DBCPUUS)
	}
	if br.Export, err = boExport(ctx, dsn, srv.base); err != nil {
		return err
	}
	log.Printf("back office catalogue export: %d rows, %.1f MB in %.1f s, %.0f rows/s",
		br.Export.Rows, float64(br.Export.Bytes)/1e6, br.Export.Seconds, br.Export.RowsPerSecond)
	printBackoffice(os.Stdout, br)
	return nil
}

func printBackoffice(w io.Writer, br *backofficeReport) {
	how := "seeded in this run"
	if br.Reused {
		how = "template reused"
	}
	fmt.Fprintf(w, "\nBack office at scale: %d products, %d customers, %d orders, %d audit events (%s; seed %.0f s, copy %.0f s)\n",
		boProducts, boCustomers, boOrders, boAudit, how, br.SeedSeconds, br.CopySeconds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "scenario\tconns\treq/s\tp50 ms\tp95 ms\tp99 ms\terrors\tload1\tshopd CPU µs/req\tdb CPU µs/req\tp99 < 50 ms\t")
	for _, r := range br.Runs {
		met := "yes"
		if !r.Met {
			met = "NO"
		}
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.2f\t%.2f\t%.2f\t%d\t%.1f\t%.0f\t%.0f\t%s\t\n", r.Scenario, r.Conns, r.RPS,
			float64(r.P50US)/1000, float64(r.P95US)/1000, float64(r.P99US)/1000, r.ErrorsStatus+r.ErrorsSocket, r.Load1,
			r.ShopdCPUUS, r.DBCPUUS, met)
	}
	_ = tw.Flush()
	fmt.Fprintf(w, "catalogue CSV export: %d rows, %.1f MB in %.1f s: %.0f rows/s (no p99 target: one stream)\n",
		br.Export.Rows, float64(br.Export.Bytes)/1e6, br.Export.Seconds, br.Export.RowsPerSecond)
}

// load1 is the one-minute load average.
func load1() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var l float64
	_, _ = fmt.Sscan(string(b), &l)
	return l
}

// boAdminSession signs the bench's admin in: a session whose token is
// boAdminToken, stored as its SHA-256 as the auth package does.
func boAdminSession(ctx context.Context, dsn string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	_, err = conn.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at)
		SELECT sha256(convert_to($1, 'UTF8')), id, now() + interval '719 hours' FROM users
		WHERE issuer = 'https://bench-backoffice.sabores.local' AND subject = 'admin'
		ON CONFLICT (token_hash) DO NOTHING`, boAdminToken)
	return err
}

// boCheckAdmin fails early when the session is not an admin's: every
// request would be refused and the figures meaningless.
func boCheckAdmin(ctx context.Context, base string) error {
	r := boGet("AdminDashboardService/GetDashboardStats", m{})
	sc := scenario{Name: "backoffice-check", Requests: []request{r}}
	res, err := runWrk(ctx, filepath.Join("bench", "results", "work"), base, sc, 1, time.Second, 0)
	if err != nil {
		return err
	}
	if res.Requests == 0 || res.ErrorsStatus > 0 {
		return fmt.Errorf("the bench admin's GetDashboardStats failed (%d of %d requests); see shopd-backoffice.log", res.ErrorsStatus, res.Requests)
	}
	return nil
}

// boAdminHTTP calls the back office's API as the bench's signed-in admin.
func boAdminHTTP(base string, timeout time.Duration) *http.Client {
	return &http.Client{Transport: cookieTransport{base: base, token: boAdminToken}, Timeout: timeout}
}

// boPageTokens walks a back-office list from its first page to page last
// as its screen does, following next_page_token at the default page size
// (next reads a page and gives its next_page_token), and returns the
// tokens of pages every, 2×every, … last (page 1's is ""). The deep
// customer pages are measured by these tokens: the same pages the offset
// pages 500…7000 were.
func boPageTokens(list string, last, every int, next func(token string) (string, error)) ([]string, error) {
	var tokens []string
	token := ""
	for page := 1; page <= last; page++ {
		if page%every == 0 {
			tokens = append(tokens, token)
		}
		if page == last {
			break
		}
		following, err := next(token)
		if err != nil {
			return nil, fmt.Errorf("%s page %d: %w", list, page, err)
		}
		if following == "" {
			return nil, fmt.Errorf("%s ends at page %d, before page %d", list, page, last)
		}
		token = following
	}
	return tokens, nil
}

// boGet is an admin's Connect GET.
func boGet(procedure string, msg any) request {
	r := connectGet(procedure, msg)
	r.Headers = map[string]string{"Cookie": "sabores_session=" + boAdminToken}
	return r
}

// boDesk is a page of the order desk as its screens ask for it: without
// the orders' lines (the basic view), which neither the desk nor the
// dashboard's recent orders show.
func boDesk(filters m) request {
	filters["view"] = "ORDER_VIEW_BASIC"
	return boGet("AdminOrderService/ListOrders", filters)
}

// boScenarios are the back office's reads, with values taken from the
// seeded shop (names, e-mails, postal codes and order ids that exist) and,
// for the pages after the first, from shopd itself (boPageTokens).
func boScenarios(ctx context.Context, dsn, base string) ([]scenario, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer func() { _ = conn.Close(ctx) }()
	var maxOrder int64
	if err := conn.QueryRow(ctx, `SELECT max(id) FROM orders`).Scan(&maxOrder); err != nil {
		return nil, err
	}
	today := time.Now()
	day := func(d int) string { return today.AddDate(0, 0, -d).Format(time.DateOnly) }

	customerDesk := saboresv1connect.NewAdminCustomerServiceClient(boAdminHTTP(base, time.Minute), base)
	auditTrail := saboresv1connect.NewAdminAuditServiceClient(boAdminHTTP(base, time.Minute), base)
	nextCustomers := func(token string) (string, error) {
		res, err := customerDesk.ListCustomers(ctx, connect.NewRequest(&saboresv1.ListCustomersRequest{PageToken: token}))
		if err != nil {
			return "", err
		}
		return res.Msg.GetNextPageToken(), nil
	}
	nextEvents := func(token string) (string, error) {
		res, err := auditTrail.ListAuditEvents(ctx, connect.NewRequest(&saboresv1.ListAuditEventsRequest{PageToken: token}))
		if err != nil {
			return "", err
		}
		return res.Msg.GetNextPageToken(), nil
	}
	customerTokens, err := boPageTokens("ListCustomers", 10, 1, nextCustomers)
	if err != nil {
		return nil, err
	}
	auditTokens, err := boPageTokens("ListAuditEvents", 10, 1, nextEvents)
	if err != nil {
		return nil, err
	}
	deepTokens, err := boPageTokens("ListCustomers", 7000, 500, nextCustomers)
	if err != nil {
		return nil, err
	}
	var customers, customersDeep, audit []request
	for i := range customerTokens {
		customers = append(customers, boGet("AdminCustomerService/ListCustomers", m{"pageToken": customerTokens[i]}))
		audit = append(audit, boGet("AdminAuditService/ListAuditEvents", m{"pageToken": auditTokens[i]}))
	}
	for _, tok := range deepTokens {
		customersDeep = append(customersDeep, boGet("AdminCustomerService/ListCustomers", m{"pageToken": tok}))
	}
	var state, payment, dates, search []request
	for _, s := range []string{"ORDER_STATUS_PLACED", "ORDER_STATUS_PREPARING", "ORDER_STATUS_SHIPPED", "ORDER_STATUS_DELIVERED", "ORDER_STATUS_CANCELLED"} {
		state = append(state, boDesk(m{"status": s}))
	}
	for _, p := range []string{"PAYMENT_STATUS_AWAITING_PAYMENT", "PAYMENT_STATUS_ON_DELIVERY", "PAYMENT_STATUS_PAID", "PAYMENT_STATUS_PARTIALLY_REFUNDED", "PAYMENT_STATUS_REFUNDED"} {
		payment = append(payment, boDesk(m{"paymentStatus": p}))
	}
	for _, r := range [][2]int{{7, 0}, {30, 0}, {400, 370}, {900, 899}} {
		dates = append(dates, boDesk(m{"createdFrom": day(r[0]), "createdTo": day(r[1])}))
	}
	dates = append(dates, boDesk(m{"createdFrom": day(30), "createdTo": day(0), "status": "ORDER_STATUS_CANCELLED"}))
	for i, q := range []string{"martínez", "aminata", "cliente12345", "cliente777@", "sofia diaz", "28013", "08001", "46002"} {
		search = append(search, boDesk(m{"query": q}))
		search = append(search, boDesk(m{"query": fmt.Sprint(maxOrder - int64(i)*99991)}))
	}
	return []scenario{
		{Name: "bo-customers", Requests: customers},
		{Name: "bo-customers-deep", Requests: customersDeep},
		{Name: "bo-orders", Requests: []request{boDesk(m{})}},
		{Name: "bo-orders-state", Requests: state},
		{Name: "bo-orders-payment", Requests: payment},
		{Name: "bo-orders-dates", Requests: dates},
		{Name: "bo-orders-search", Requests: search},
		{Name: "bo-dashboard", Requests: []request{boGet("AdminDashboardService/GetDashboardStats", m{})}},
		{Name: "bo-audit", Requests: audit},
	}, nil
}
