// Command soak drives a running shopd at a steady rate with a mix of
// storefront calls for a long time (10 minutes by default) and checks that
// it holds up: no failed call, and resident memory and goroutines flat (the
// last minute's average within 10 % of the second minute's), read from
// shopd's own /metrics. It is a benchmark, not a test:
//
//	go run ./bench/soak -url http://127.0.0.1:8100 -duration 10m -rate 50
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8100", "shopd's base URL")
	duration := flag.Duration("duration", 10*time.Minute, "how long to soak")
	rate := flag.Int("rate", 50, "calls per second")
	sample := flag.Duration("sample", 10*time.Second, "how often to read /metrics")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, *base, *duration, *rate, *sample); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

// call is one request of the mix.
type call struct {
	name, method, path, body string
}

// mix is what shoppers do, weighted by repetition: browse lists and
// products, search, check the cart.
func mix() []call {
	get := func(name, procedure, msg string) call {
		return call{name, http.MethodGet, "/sabores.v1." + procedure + "?connect=v1&encoding=json&message=" + url.QueryEscape(msg), ""}
	}
	return []call{
		get("list", "CatalogService/ListProducts", `{}`),
		get("list", "CatalogService/ListProducts", `{"country":"brasil"}`),
		get("list", "CatalogService/ListProducts", `{"page":2,"pageSize":20}`),
		get("product", "CatalogService/GetProduct", `{"id":1001}`),
		get("product", "CatalogService/GetProduct", `{"id":2001}`),
		get("search", "CatalogService/SearchProducts", `{"query":"guar"}`),
		get("search", "CatalogService/SearchProducts", `{"query":"café"}`),
		get("countries", "CatalogService/ListCountries", `{}`),
		get("promotions", "PromotionService/ListActivePromotions", `{}`),
		{"cart", http.MethodPost, "/sabores.v1.CartService/ValidateCart", `{"lines":[{"productId":1001,"quantity":2},{"productId":2001,"quantity":1}]}`},
	}
}

// gauges are what the soak watches over time.
type gauges struct {
	at         time.Duration
	rss        float64
	goroutines float64
}

func run(ctx context.Context, base string, duration time.Duration, rate int, sampleEvery time.Duration) error {
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	calls := mix()
	var sent, failed atomic.Int64
	var failures sync.Map
	var wg sync.WaitGroup
	var samples []gauges
	start := time.Now()
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	sampler := time.NewTicker(sampleEvery)
	defer sampler.Stop()
	deadline := time.After(duration)
	if g, err := scrape(ctx, client, base); err == nil {
		samples = append(samples, g)
	} else {
		return fmt.Errorf("read %s/metrics: %w", base, err)
	}
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-deadline:
			break loop
		case <-sampler.C:
			g, err := scrape(ctx, client, base)
			if err != nil {
				return fmt.Errorf("read /metrics: %w", err)
			}
			g.at = time.Since(start)
			samples = append(samples, g)
			fmt.Printf("%6s  calls %7d  failed %d  rss %6.1f MiB  goroutines %4.0f\n",
				g.at.Round(time.Second), sent.Load(), failed.Load(), g.rss/(1<<20), g.goroutines)
		case <-tick.C:
			c := calls[rand.IntN(len(calls))]
			wg.Go(func() {
				sent.Add(1)
				if err := do(ctx, client, base, c); err != nil {
					failed.Add(1)
					failures.LoadOrStore(c.name, err.Error())
				}
			})
		}
	}
	wg.Wait()
	fmt.Printf("\n%d calls in %s, %d failed\n", sent.Load(), time.Since(start).Round(time.Second), failed.Load())
	failures.Range(func(k, v any) bool { fmt.Printf("  %s: %s\n", k, v); return true })
	var problems []string
	if failed.Load() > 0 {
		problems = append(problems, fmt.Sprintf("%d calls failed", failed.Load()))
	}
	second := window(samples, time.Minute, 2*time.Minute)
	last := window(samples, time.Since(start)-time.Minute, time.Since(start))
	if second.n == 0 || last.n == 0 || time.Since(start) < 3*time.Minute {
		fmt.Println("too short to compare the second and the last minute (needs 3 minutes or more)")
	} else {
		for _, m := range []struct {
			name         string
			second, last float64
		}{{"RSS", second.rss, last.rss}, {"goroutines", second.goroutines, last.goroutines}} {
			change := (m.last - m.second) / m.second
			fmt.Printf("%s: second minute %.1f, last minute %.1f (%+.1f %%)\n", m.name, m.second, m.last, 100*change)
			if change > 0.10 || change < -0.10 {
				problems = append(problems, fmt.Sprintf("%s moved %+.1f %% between the second and the last minute", m.name, 100*change))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	fmt.Println("PASS")
	return nil
}

// average is the mean of the samples in a window.
type average struct {
	n               int
	rss, goroutines float64
}

func window(samples []gauges, from, to time.Duration) average {
	var a average
	for _, s := range samples {
		if s.at >= from && s.at <= to {
			a.n++
			a.rss += s.rss
			a.goroutines += s.goroutines
		}
	}
	if a.n > 0 {
		a.rss /= float64(a.n)
		a.goroutines /= float64(a.n)
	}
	return a
}

func do(ctx context.Context, client *http.Client, base string, c call) error {
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req, err := http.NewRequestWithContext(ctx, c.method, base+c.path, body)
	if err != nil {
		return err
	}
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer func() { _ = res.Body.Close() }()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%d %s", res.StatusCode, strings.TrimSpace(string(b)))
	}
	return nil
}

// scrape reads resident memory and goroutines from shopd's /metrics.
func scrape(ctx context.Context, client *http.Client, base string) (gauges, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/metrics", nil)
	if err != nil {
		return gauges{}, err
	}
	res, err := client.Do(req)
	if err != nil {
		return gauges{}, err
	}
	defer func() { _ = res.Body.Close() }()
	var g gauges
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			continue
		}
		switch name {
		case "process_resident_memory_bytes":
			g.rss = v
		case "go_goroutines":
			g.goroutines = v
		}
	}
	if g.rss == 0 || g.goroutines == 0 {
		return g, fmt.Errorf("no process_resident_memory_bytes or go_goroutines in /metrics")
	}
	return g, sc.Err()
}
