package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// tillTills is how many tills sell at once in the sale run (issue 35's
// "8 parallel tills"); the scan run is also timed at one.
const tillTills = 8

// tillRecord is one run of a till scenario: calls answered, their
// latencies from the till's side, and the first error seen.
type tillRecord struct {
	Scenario   string  `json:"scenario"`
	Conns      int     `json:"conns"`
	Calls      int64   `json:"calls"`
	Errors     int64   `json:"errors"`
	PerSec     float64 `json:"per_sec"`
	P50MS      float64 `json:"p50_ms"`
	P99MS      float64 `json:"p99_ms"`
	LoadAvg    float64 `json:"load_avg_1m"`
	FirstError string  `json:"first_error,omitempty"`
}

// tillReport is the till section: its runs and whether every sale counted
// left one store order with its invoice.
type tillReport struct {
	Runs []tillRecord `json:"runs"`
	// Sales and Invoiced are the store orders and those with an invoice
	// after the runs; both must equal the sales counted.
	Sales    int64 `json:"store_orders"`
	Invoiced int64 `json:"store_orders_invoiced"`
	Counted  int64 `json:"sales_counted"`
}

// tillItem is a product the bench's tills scan: its barcode and price.
type tillItem struct {
	EAN   string
	Price int64
	ID    int64
}

// benchTill measures the shop's till (issue 35) on a database of its own
// with checkoutProducts products: LookupProduct by EAN (a scan, target
// ≤ 100 ms) at 1 and 8 tills, and Sell with two lines paid by card, which
// records the store order, its stock movements and its simplified invoice
// in the VeriFactu chain in one transaction (target ≤ 150 ms p99 at 8
// tills). Each till is a signed-in user of the till role; the day is open.
func benchTill(ctx context.Context, cfg config, shopd string, rep *report) error {
	if only := os.Getenv("BENCH_SCENARIOS"); only != "" && !strings.Contains(","+only+",", ",till,") {
		return nil
	}
	work := filepath.Join(cfg.dir, "work")
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, "sabores_bench_till", "")
	if err != nil {
		return err
	}
	defer drop()
	if err := seedProducts(ctx, shopd, dsn, work, checkoutProducts); err != nil {
		return err
	}
	items, err := prepareTills(ctx, dsn)
	if err != nil {
		return err
	}
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-till.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	out := &tillReport{}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	scan := func(till int, n int64) (string, error) {
		it := items[(int64(till)*7919+n)%int64(len(items))]
		return tillCall(ctx, client, srv.base, till, "LookupProduct", map[string]any{"code": it.EAN})
	}
	sell := func(till int, n int64) (string, error) {
		a := items[(int64(till)*7919+2*n)%int64(len(items))]
		b := items[(int64(till)*7919+2*n+1)%int64(len(items))]
		return tillCall(ctx, client, srv.base, till, "Sell", map[string]any{
			"idempotencyKey": newUUID(),
			"lines":          []map[string]any{{"productId": a.ID, "quantity": 1}, {"productId": b.ID, "quantity": 2}},
			"payments":       []map[string]any{{"method": "TILL_PAYMENT_METHOD_CARD", "amountCents": a.Price + 2*b.Price}},
		})
	}
	// Warm-up, not recorded: the pool's connections and the plans.
	if _, err := runTill(ctx, "warm-up", tillTills, time.Second, scan); err != nil {
		return err
	}
	if r, err := runTill(ctx, "warm-up", tillTills, time.Second, sell); err != nil {
		return err
	} else {
		out.Counted += r.Calls
	}
	for _, run := range []struct {
		name  string
		conns int
		call  func(int, int64) (string, error)
	}{
		{"till-scan", 1, scan}, {"till-scan", tillTills, scan},
		{"till-sale", 1, sell}, {"till-sale", tillTills, sell},
	} {
		r, err := runTill(ctx, run.name, run.conns, cfg.duration, run.call)
		if err != nil {
			return err
		}
		if run.name == "till-sale" {
			out.Counted += r.Calls
		}
		out.Runs = append(out.Runs, r)
		log.Printf("%7d %-20s c=%-3d %8.1f calls/s p50 %6.2f ms p99 %6.2f ms errors %d load %.2f %s",
			checkoutProducts, r.Scenario, r.Conns, r.PerSec, r.P50MS, r.P99MS, r.Errors, r.LoadAvg, r.FirstError)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close(ctx) }()
	if err := conn.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id))
		FROM orders o WHERE o.channel = 'store'`).Scan(&out.Sales, &out.Invoiced); err != nil {
		return err
	}
	rep.Till = out
	return nil
}

// prepareTills makes the bench's tills: 200 products the store sells get
// an EAN and plenty of stock, eight users the till role and a session
// (cookie benchtill-N), and today's drawer is opened.
func prepareTills(ctx context.Context, dsn string) ([]tillItem, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	defer func() { _ = conn.Close(ctx) }()
	rows, err := conn.Query(ctx, `SELECT id, price_cents FROM products WHERE store_sells(id) AND price_cents > 0 ORDER BY id LIMIT 200`)
	if err != nil {
		return nil, err
	}
	items, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (tillItem, error) {
		var it tillItem
		return it, r.Scan(&it.ID, &it.Price)
	})
	if err != nil {
		return nil, fmt.Errorf("products the store sells: %w", err)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("the seeded catalogue has no product the store sells")
	}
	for i := range items {
		payload := fmt.Sprintf("84%010d", items[i].ID)
		items[i].EAN = payload + string(gs1CheckDigit(payload))
		if _, err := conn.Exec(ctx, `UPDATE products SET ean = $2, stock = 1000000 WHERE id = $1`, items[i].ID, items[i].EAN); err != nil {
			return nil, fmt.Errorf("barcode of %d: %w", items[i].ID, err)
		}
	}
	for _, sql := range []string{
		`INSERT INTO users (issuer, subject, email, full_name)
		 SELECT 'https://bench.sabores.local', 'till-' || i, 'till' || i || '@bench.example', 'Caja ' || i
		 FROM generate_series(1, ` + fmt.Sprint(tillTills) + `) i ON CONFLICT (issuer, subject) DO NOTHING`,
		`INSERT INTO sessions (token_hash, user_id, expires_at)
		 SELECT sha256(convert_to('benchtill-' || split_part(u.subject, '-', 2), 'UTF8')), u.id, now() + interval '719 hours'
		 FROM users u WHERE u.issuer = 'https://bench.sabores.local' AND u.subject LIKE 'till-%' ON CONFLICT (token_hash) DO NOTHING`,
		`INSERT INTO company_users (user_id, company_id, role, active)
		 SELECT u.id, c.id, 'till', true FROM users u, companies c
		 WHERE u.issuer = 'https://bench.sabores.local' AND u.subject LIKE 'till-%' AND c.name = 'Sabores'
		 ON CONFLICT (user_id, company_id) DO UPDATE SET role = 'till', active = true`,
		`INSERT INTO till_day_entries (day, kind, amount_cents, actor)
		 VALUES ((now() AT TIME ZONE 'Europe/Madrid')::date, 'open', 10000, 'bench') ON CONFLICT DO NOTHING`,
	} {
		if _, err := conn.Exec(ctx, sql); err != nil {
			return nil, fmt.Errorf("tills: %w", err)
		}
	}
	return items, nil
}

// gs1CheckDigit is the GS1 check digit of a barcode's other digits.
func gs1CheckDigit(payload string) byte {
	sum := 0
	for i := range len(payload) {
		d := int(payload[len(payload)-1-i] - '0')
		if i%2 == 0 {
			d *= 3
		}
		sum += d
	}
	return byte('0' + (10-sum%10)%10)
}

// newUUID is a random (version 4) UUID, a sale's idempotency key.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// tillCall posts a TillService call as till number till (1-based), and
// answers an error unless it succeeded.
func tillCall(ctx context.Context, client *http.Client, base string, till int, method string, body any) (string, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/sabores.v1.TillService/"+method, bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", base)
	req.Header.Set("Cookie", fmt.Sprintf("sabores_session=benchtill-%d", till))
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer func() { _ = res.Body.Close() }()
	answer, err := io.ReadAll(res.Body)
	if err != nil {
		return "", err
	}
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s: %d %s", method, res.StatusCode, answer)
	}
	return string(answer), nil
}

// runTill runs call on conns tills at once for d, each till calling again
// as soon as it is answered, and times every call.
func runTill(ctx context.Context, name string, conns int, d time.Duration, call func(till int, n int64) (string, error)) (tillRecord, error) {
	rec := tillRecord{Scenario: name, Conns: conns, LoadAvg: loadAvg()}
	var mu sync.Mutex
	var lat []time.Duration
	var errs atomic.Int64
	var first atomic.Value
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	began := time.Now()
	for till := 1; till <= conns; till++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for n := int64(0); time.Now().Before(deadline) && ctx.Err() == nil; n++ {
				start := time.Now()
				if _, err := call(till, n); err != nil {
					errs.Add(1)
					first.CompareAndSwap(nil, err.Error())
					continue
				}
				mine = append(mine, time.Since(start))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return rec, err
	}
	slices.Sort(lat)
	rec.Calls, rec.Errors = int64(len(lat)), errs.Load()
	rec.PerSec = float64(len(lat)) / time.Since(began).Seconds()
	if f, ok := first.Load().(string); ok {
		rec.FirstError = f
	}
	if len(lat) > 0 {
		at := func(q float64) float64 {
			return float64(lat[min(len(lat)-1, int(q*float64(len(lat))))].Microseconds()) / 1000
		}
		rec.P50MS, rec.P99MS = at(0.50), at(0.99)
	}
	return rec, nil
}

// printTill prints the till section's table.
func printTill(w io.Writer, r *tillReport) {
	if r == nil {
		return
	}
	fmt.Fprintf(w, "\nTill (issue 35): scan by EAN and sale with its invoice, %d products; targets scan ≤ 100 ms, sale ≤ 150 ms p99 at %d tills\n",
		checkoutProducts, tillTills)
	fmt.Fprintf(w, "%-10s %-6s %10s %10s %10s %8s %8s\n", "scenario", "tills", "calls/s", "p50 ms", "p99 ms", "errors", "load 1m")
	for _, c := range r.Runs {
		fmt.Fprintf(w, "%-10s %-6d %10.1f %10.2f %10.2f %8d %8.2f\n", c.Scenario, c.Conns, c.PerSec, c.P50MS, c.P99MS, c.Errors, c.LoadAvg)
	}
	check := "every sale counted is a store order with its invoice"
	if r.Sales != r.Counted || r.Invoiced != r.Counted {
		check = fmt.Sprintf("MISMATCH: %d sales counted", r.Counted)
	}
	fmt.Fprintf(w, "store orders: %d, invoiced: %d (%s)\n", r.Sales, r.Invoiced, check)
}
