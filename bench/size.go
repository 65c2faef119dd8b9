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

// catalogueSample is what the scenarios ask for, read from the seeded
// database so the benchmark works whichever seeder filled it.
type catalogueSample struct {
	hotIDs      []int64 // 200 products sold online, spread over the catalogue
	coldIDs     []int64 // up to 20 000 of them, for reads the cache rarely holds
	minID       int64
	maxID       int64
	categories  []string
	countries   []string
	searchTerms []string // name prefixes, with and without accents
	coldSearch  []string // longer, mostly distinct prefixes
}

func sample(ctx context.Context, dsn string) (catalogueSample, error) {
	var s catalogueSample
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return s, err
	}
	defer func() { _ = conn.Close(ctx) }()
	ids := func(n int) ([]int64, error) {
		rows, err := conn.Query(ctx, `
			SELECT id FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn,
			                       count(*) OVER () AS total FROM products WHERE sold_online) s
			WHERE rn % greatest(1, total / $1) = 0 ORDER BY (id * 2654435761) % 1000003 LIMIT $1`, n)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[int64])
	}
	if s.hotIDs, err = ids(200); err != nil {
		return s, err
	}
	if s.coldIDs, err = ids(20000); err != nil {
		return s, err
	}
	// The id range pgbench's detail script draws from: the dense middle
	// (the sample catalogue's few low ids would make most draws misses).
	if err := conn.QueryRow(ctx, `SELECT percentile_disc(0.05) WITHIN GROUP (ORDER BY id), max(id)
		FROM products WHERE sold_online`).Scan(&s.minID, &s.maxID); err != nil {
		return s, err
	}
	strs := func(sql string, args ...any) ([]string, error) {
		rows, err := conn.Query(ctx, sql, args...)
		if err != nil {
			return nil, err
		}
		return pgx.CollectRows(rows, pgx.RowTo[string])
	}
	if s.categories, err = strs(`SELECT DISTINCT category FROM products WHERE sold_online ORDER BY 1`); err != nil {
		return s, err
	}
	if s.countries, err = strs(`SELECT DISTINCT country_slug FROM product_country_visibility
		WHERE is_visible AND sales_channel IN ('online', 'both') ORDER BY 1`); err != nil {
		return s, err
	}
	// Prefixes of real names as a shopper types them: the first word's
	// first letters as written ("Pão", "Açaí") and without accents ("pao").
	if s.searchTerms, err = strs(`
		WITH names AS (SELECT DISTINCT split_part(name, ' ', 1) AS w FROM products WHERE sold_online AND length(split_part(name, ' ', 1)) >= 3)
		SELECT t FROM (SELECT left(w, 4) AS t FROM names UNION SELECT search_normalize(left(w, 4)) FROM names
		               UNION SELECT left(w, 3) FROM names) s ORDER BY 1 LIMIT 120`); err != nil {
		return s, err
	}
	if s.coldSearch, err = strs(`
		SELECT DISTINCT t FROM (SELECT CASE WHEN id % 2 = 0 THEN search_normalize(left(name, length(name) - 1)) ELSE left(name, length(name) - 1) END AS t
		FROM products WHERE sold_online ORDER BY id DESC LIMIT 3000) s`); err != nil {
		return s, err
	}
	if len(s.hotIDs) == 0 || len(s.categories) == 0 || len(s.searchTerms) == 0 || len(s.countries) == 0 {
		return s, fmt.Errorf("the seeded catalogue is empty")
	}
	return s, nil
}

type m = map[string]any

// scenarios builds issue 7's scenarios from the sample.
func scenarios(s catalogueSample, base string, shoppers int, stocked []int64) []scenario {
	home := []request{
		connectGet("CatalogService/ListCountries", m{}),
		connectGet("PromotionService/ListActivePromotions", m{}),
		// The two sections as the home page asks for them (and as shopd's
		// index.html preloads them, backend/internal/server/preload.go).
		connectGet("CatalogService/ListProducts", m{"onlineCategory": "lanzamientos", "sort": "PRODUCT_SORT_NEWEST", "pageSize": 4}),
		connectGet("CatalogService/ListProducts", m{"onlineCategory": "populares", "sort": "PRODUCT_SORT_NEWEST", "pageSize": 4}),
	}
	var category, country, categoryCold []request
	for _, c := range s.categories {
		category = append(category, connectGet("CatalogService/ListProducts", m{"category": c}))
		for p := 1; p <= 40; p++ {
			categoryCold = append(categoryCold, connectGet("CatalogService/ListProducts", m{"category": c, "page": p}))
		}
	}
	for _, c := range s.countries {
		country = append(country, connectGet("CatalogService/ListProducts", m{"country": c}))
	}
	todos := []request{connectGet("CatalogService/ListProducts", m{"category": "todos", "page": 3, "sort": "PRODUCT_SORT_PRICE_ASC"})}
	var get, getCold, search, searchCold, cart, orders []request
	for _, id := range s.hotIDs {
		get = append(get, connectGet("CatalogService/GetProduct", m{"id": id}))
	}
	for _, id := range s.coldIDs {
		getCold = append(getCold, connectGet("CatalogService/GetProduct", m{"id": id}))
	}
	for _, t := range s.searchTerms {
		search = append(search, connectGet("CatalogService/SearchProducts", m{"query": t}))
	}
	for _, t := range s.coldSearch {
		searchCold = append(searchCold, connectGet("CatalogService/SearchProducts", m{"query": t}))
	}
	for i := range 50 {
		var lines []m
		for j := range 5 {
			lines = append(lines, m{"productId": s.hotIDs[(i*5+j)%len(s.hotIDs)], "quantity": 1 + j%3})
		}
		cart = append(cart, connectPost("CartService/ValidateCart", m{"lines": lines}, nil))
	}
	for i := 1; i <= shoppers; i++ {
		lines := []m{
			{"productId": stocked[i%len(stocked)], "quantity": 1},
			{"productId": stocked[(i*7+3)%len(stocked)], "quantity": 2},
		}
		if lines[0]["productId"] == lines[1]["productId"] {
			lines = lines[:1]
		}
		r := connectPost("OrderService/PlaceOrder", m{
			"idempotencyKey": "IDEMKEY",
			"lines":          lines,
			"delivery": m{"name": "Shopper", "email": fmt.Sprintf("shopper%d@bench.example", i), "phone": "+34 600 000 000",
				"address": "Calle Mayor 1", "city": "Madrid", "postalCode": "28013"},
			"paymentMethod": "PAYMENT_METHOD_CASH_ON_DELIVERY",
		}, map[string]string{"Cookie": fmt.Sprintf("sabores_session=bench-%d", i), "Origin": base})
		r.IdemKey = true
		orders = append(orders, r)
	}
	// A shopper's visit: home, a category, a country, three products, two
	// searches and the cart.
	var journey []request
	journey = append(journey, home...)
	for i := range 10 {
		journey = append(journey,
			category[i%len(category)], country[i%len(country)],
			get[(i*3)%len(get)], get[(i*3+1)%len(get)], get[(i*3+2)%len(get)],
			search[(i*2)%len(search)], search[(i*2+1)%len(search)], cart[i%len(cart)])
	}
	return []scenario{
		{Name: "list-home", Requests: home},
		{Name: "list-category", Requests: category},
		{Name: "list-country", Requests: country},
		{Name: "list-todos-p3-price", Requests: todos},
		{Name: "list-category-cold", Requests: categoryCold, Compare: "list"},
		{Name: "get-product", Requests: get},
		{Name: "get-product-cold", Requests: getCold, Compare: "detail"},
		{Name: "search", Requests: search},
		{Name: "search-cold", Requests: searchCold, Compare: "search"},
		{Name: "validate-cart", Requests: cart},
		{Name: "place-order", Requests: orders},
		{Name: "journey", Requests: journey},
	}
}

// shoppers is how many signed-in shoppers place orders: the order rate limit
// (guard.OrderBurst at once, then one per 10 s) needs thousands for a
// benchmark's few thousand orders.
const shoppers = 4000

func benchSize(ctx context.Context, cfg config, shopd string, n int, last bool, rep *report) error {
	name := fmt.Sprintf("sabores_bench_%d", n)
	dsn, err := withDatabase(cfg.adminURL, name)
	if err != nil {
		return err
	}
	work := filepath.Join(cfg.dir, "work")
	if err := adminExec(ctx, cfg.adminURL, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return err
	}
	if err := adminExec(ctx, cfg.adminURL, "CREATE DATABASE "+name); err != nil {
		return err
	}
	defer func() {
		_ = adminExec(context.WithoutCancel(ctx), cfg.adminURL, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	}()
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
