package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"maps"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
)

// mixedReport is the uncached product page read at a constant rate, alone
// and then while orders are placed at a constant rate, with what
// PostgreSQL and shopd's pool said meanwhile.
type mixedReport struct {
	Products   int        `json:"products"`
	ReadRate   int        `json:"read_rate"`
	OrderRate  int        `json:"order_rate"`
	Alone      rateResult `json:"reads_alone"`
	Reads      rateResult `json:"reads_while_ordering"`
	Orders     rateResult `json:"orders"`
	Stats      pgDelta    `json:"during_orders"`
	WaitEvents []waitStat `json:"wait_events"`
}

// Issue 19's target for the uncached reads while orders are placed.
const mixedP99TargetMS = 25

// waitStat is how often backends of the database were seen in one state
// (wait event type and event, "CPU" when running) in the samples.
type waitStat struct {
	Event   string  `json:"event"`
	Seen    int     `json:"seen"`
	Average float64 `json:"average_backends"`
}

// pgDelta is what PostgreSQL's and the pool's counters moved by in a run.
type pgDelta struct {
	Checkpoints      int64   `json:"checkpoints"`
	BuffersBackend   int64   `json:"buffers_written_by_backends"`
	Autovacuums      int64   `json:"autovacuums"`
	Autoanalyzes     int64   `json:"autoanalyzes"`
	PoolEmptyAcq     float64 `json:"pool_empty_acquires"`
	PoolAcquireWaitS float64 `json:"pool_acquire_wait_seconds"`
	PoolAcquires     float64 `json:"pool_acquires"`
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// measureMixed drives the uncached product page (get-product-cold) with
// vegeta at BENCH_MIXED_READS/s (default 1 000), first alone, then while
// place-order runs at BENCH_MIXED_ORDERS/s (default 200), sampling
// pg_stat_activity's wait events every 20 ms during the second run.
func measureMixed(ctx context.Context, cfg config, dsn string, srv *server, smp catalogueSample, stocked []int64, n int) (*mixedReport, error) {
	rep := &mixedReport{Products: n, ReadRate: envInt("BENCH_MIXED_READS", 1000), OrderRate: envInt("BENCH_MIXED_ORDERS", 200)}
	var reads, orders scenario
	for _, sc := range scenarios(smp, srv.base, shoppers, stocked) {
		switch sc.Name {
		case "get-product-cold":
			reads = sc
		case "place-order":
			orders = sc
		}
	}
	reads.Name, orders.Name = "mixed-reads", "mixed-orders"
	work := cfg.dir + "/work"
	d := max(cfg.duration, 5*time.Second)
	// Ids far apart in the list, so the second run's are not cached by the first.
	half := int64(len(reads.Requests) / 2)
	log.Printf("mixed: uncached product pages at %d/s alone", rep.ReadRate)
	var err error
	if rep.Alone, err = runRate(ctx, cfg.vegeta, work, srv.base, reads, rep.ReadRate, 64, d, 0); err != nil {
		return nil, err
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	before, err := pgCounters(ctx, conn, srv.base)
	if err != nil {
		return nil, err
	}
	log.Printf("mixed: uncached product pages at %d/s while orders are placed at %d/s", rep.ReadRate, rep.OrderRate)
	sampleCtx, stopSampling := context.WithCancel(ctx)
	waits := make(chan []waitStat, 1)
	go func() { waits <- sampleWaits(sampleCtx, dsn) }()
	var wg sync.WaitGroup
	var orderErr error
	wg.Go(func() {
		rep.Orders, orderErr = runRate(ctx, cfg.vegeta, work, srv.base, orders, rep.OrderRate, 64, d, mixedOrderStart())
	})
	rep.Reads, err = runRate(ctx, cfg.vegeta, work, srv.base, reads, rep.ReadRate, 64, d, half)
	wg.Wait()
	stopSampling()
	rep.WaitEvents = <-waits
	if err != nil {
		return nil, err
	}
	if orderErr != nil {
		return nil, orderErr
	}
	after, err := pgCounters(ctx, conn, srv.base)
	if err != nil {
		return nil, err
	}
	rep.Stats = after.minus(before)
	for _, r := range []*rateResult{&rep.Alone, &rep.Reads, &rep.Orders} {
		r.Products = n
	}
	log.Printf("mixed: reads alone p50 %.2f ms p99 %.2f ms; while ordering p50 %.2f ms p99 %.2f ms; orders %.0f/s p99 %.2f ms, success %.3f",
		rep.Alone.P50MS, rep.Alone.P99MS, rep.Reads.P50MS, rep.Reads.P99MS, rep.Orders.Achieved, rep.Orders.P99MS, rep.Orders.Success)
	return rep, nil
}

// mixedOrderStart is where in the shoppers' list the mixed orders begin:
// past the ones place-order used most recently, by the clock, so a
// shopper's order rate limit (a burst, then one per 10 s) has refilled.
func mixedOrderStart() int64 { return time.Now().Unix() % shoppers }

// sampleWaits counts, every 20 ms until ctx ends, the database's active
// backends by wait event ("CPU" for those running, "idle in transaction"
// for a transaction waiting for shopd).
func sampleWaits(ctx context.Context, dsn string) []waitStat {
	conn, err := pgx.Connect(context.WithoutCancel(ctx), dsn)
	if err != nil {
		return nil
	}
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	seen := map[string]int{}
	samples := 0
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		rows, err := conn.Query(ctx, `
			SELECT CASE WHEN state = 'idle in transaction' THEN 'idle in transaction (waiting for shopd)'
			            WHEN wait_event IS NULL THEN 'CPU'
			            ELSE wait_event_type || ':' || wait_event END
			FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`)
		if err == nil {
			events, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err == nil {
				samples++
				for _, e := range events {
					seen[e]++
				}
			}
		}
		select {
		case <-ctx.Done():
			var out []waitStat
			for _, e := range slices.Sorted(maps.Keys(seen)) {
				out = append(out, waitStat{Event: e, Seen: seen[e], Average: float64(seen[e]) / float64(max(samples, 1))})
			}
			slices.SortStableFunc(out, func(a, b waitStat) int { return b.Seen - a.Seen })
			return out
		case <-tick.C:
		}
	}
}

// pgCounters reads the checkpointer's, autovacuum's and shopd's pool
// counters.
func pgCounters(ctx context.Context, conn *pgx.Conn, base string) (pgDelta, error) {
	var c pgDelta
	if err := conn.QueryRow(ctx, `SELECT checkpoints_timed + checkpoints_req, buffers_backend FROM pg_stat_bgwriter`).
		Scan(&c.Checkpoints, &c.BuffersBackend); err != nil {
		return c, fmt.Errorf("pg_stat_bgwriter: %w", err)
	}
	if err := conn.QueryRow(ctx, `SELECT coalesce(sum(autovacuum_count), 0)::bigint, coalesce(sum(autoanalyze_count), 0)::bigint FROM pg_stat_user_tables`).
		Scan(&c.Autovacuums, &c.Autoanalyzes); err != nil {
		return c, fmt.Errorf("pg_stat_user_tables: %w", err)
	}
	metrics := scrape(ctx, base+"/metrics")
	c.PoolEmptyAcq = metrics[`sabores_db_pool_empty_acquires_total{pool="primary"}`]
	c.PoolAcquireWaitS = metrics[`sabores_db_pool_acquire_wait_seconds_total{pool="primary"}`]
	c.PoolAcquires = metrics[`sabores_db_pool_acquires_total{pool="primary"}`]
	return c, nil
}

func (c pgDelta) minus(b pgDelta) pgDelta {
	return pgDelta{
		Checkpoints: c.Checkpoints - b.Checkpoints, BuffersBackend: c.BuffersBackend - b.BuffersBackend,
		Autovacuums: c.Autovacuums - b.Autovacuums, Autoanalyzes: c.Autoanalyzes - b.Autoanalyzes,
		PoolEmptyAcq: c.PoolEmptyAcq - b.PoolEmptyAcq, PoolAcquireWaitS: c.PoolAcquireWaitS - b.PoolAcquireWaitS,
		PoolAcquires: c.PoolAcquires - b.PoolAcquires,
	}
}

// scrape reads a Prometheus text page into a map of series to values.
func scrape(ctx context.Context, url string) map[string]float64 {
	out := map[string]float64{}
	res, err := get(ctx, &http.Client{Timeout: 2 * time.Second}, url)
	if err != nil {
		return out
	}
	defer func() { _ = res.Body.Close() }()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	for line := range strings.SplitSeq(string(b), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out
}

// printMixed prints the mixed section.
func printMixed(w io.Writer, p *pastReport) {
	mx := p.Mixed
	if mx == nil {
		return
	}
	fmt.Fprintf(w, "\nReads while ordering (vegeta, constant rates; load average %.1f; target: uncached reads p99 ≤ %d ms):\n", p.LoadAverage["mixed"], mixedP99TargetMS)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "run\trate/s\tachieved/s\tsuccess\tp50 ms\tp95 ms\tp99 ms\tmax ms\t")
	for _, r := range []struct {
		name string
		res  rateResult
	}{{"uncached product pages alone", mx.Alone}, {"uncached product pages while ordering", mx.Reads}, {"orders meanwhile", mx.Orders}} {
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.3f\t%.2f\t%.2f\t%.2f\t%.1f\t\n", r.name, r.res.Rate, r.res.Achieved, r.res.Success,
			r.res.P50MS, r.res.P95MS, r.res.P99MS, r.res.MaxMS)
	}
	_ = tw.Flush()
	s := mx.Stats
	fmt.Fprintf(w, "During the orders: %d checkpoints, %d buffers written by backends, %d autovacuums, %d autoanalyzes; pool: %.0f acquires, %.0f waited, %.3f s waiting\n",
		s.Checkpoints, s.BuffersBackend, s.Autovacuums, s.Autoanalyzes, s.PoolAcquires, s.PoolEmptyAcq, s.PoolAcquireWaitS)
	fmt.Fprint(w, "Active backends by wait event (average over 20 ms samples):")
	for i, e := range mx.WaitEvents {
		if i == 8 {
			break
		}
		fmt.Fprintf(w, " %s %.2f;", e.Event, e.Average)
	}
	fmt.Fprintln(w)
}
