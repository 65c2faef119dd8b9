package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// webReport holds the web app's figures.
type webReport struct {
	Sizes      []routeSize    `json:"routes"`
	SizeScript string         `json:"size_script_output"`
	LCP        map[string]int `json:"lcp_ms"`
	LCPError   string         `json:"lcp_error,omitempty"`
	// Lighthouse's mobile preset on issue 20's pages; the bench fails when
	// one misses its targets.
	Lighthouse      map[string]lighthouseFigures `json:"lighthouse,omitempty"`
	LighthousePages []string                     `json:"lighthouse_pages,omitempty"`
	LighthouseError string                       `json:"lighthouse_error,omitempty"`
}

// routeSize is what a first visit to a route downloads: the entry chunk,
// the route's chunk and their static imports.
type routeSize struct {
	Route  string `json:"route"`
	JSGzip int    `json:"js_gzip_bytes"`
	CSSGz  int    `json:"css_gzip_bytes"`
}

type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
}

const dist = "frontend/dist"

// bundleSizes measures every route module of the built app, and runs the
// web app's own home-page budget script.
func bundleSizes(ctx context.Context) ([]routeSize, string) {
	b, err := os.ReadFile(filepath.Join(dist, ".vite", "manifest.json"))
	if err != nil {
		return nil, "no frontend/dist/.vite/manifest.json: build the web app first (./task build-web)"
	}
	var manifest map[string]manifestChunk
	if err := json.Unmarshal(b, &manifest); err != nil {
		return nil, err.Error()
	}
	var out []routeSize
	for key := range manifest {
		if !strings.HasPrefix(key, "src/app/routes/") || strings.Contains(key, ".test.") {
			continue
		}
		files := map[string]bool{}
		var visit func(string)
		visit = func(k string) {
			c, ok := manifest[k]
			if !ok || files[c.File] {
				return
			}
			files[c.File] = true
			for _, css := range c.CSS {
				files[css] = true
			}
			for _, imp := range c.Imports {
				visit(imp)
			}
		}
		visit("index.html")
		visit(key)
		rs := routeSize{Route: strings.TrimSuffix(strings.TrimPrefix(key, "src/app/routes/"), ".tsx")}
		for f := range files {
			n := gzipSize(filepath.Join(dist, f))
			switch {
			case strings.HasSuffix(f, ".js"):
				rs.JSGzip += n
			case strings.HasSuffix(f, ".css"):
				rs.CSSGz += n
			}
		}
		out = append(out, rs)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Route < out[j].Route })
	script, _ := exec.CommandContext(ctx, "npm", "--silent", "--workspace", "frontend", "run", "size").CombinedOutput()
	return out, strings.TrimSpace(string(script))
}

func gzipSize(path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	return buf.Len()
}

// measureLCP loads home, /todos and a product page in headless Chromium.
func measureLCP(ctx context.Context, base string, productID int64) (map[string]int, string) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "bench/lcp.mjs", base, "/", "/todos", fmt.Sprintf("/producto/%d", productID))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Sprintf("%v: %s", err, strings.TrimSpace(errOut.String()))
	}
	lcp := map[string]int{}
	if err := json.Unmarshal(out.Bytes(), &lcp); err != nil {
		return nil, err.Error()
	}
	return lcp, ""
}

// printReport prints the tables.
func printReport(w io.Writer, r *report) {
	fmt.Fprintf(w, "\nSabores benchmark, %s, %s, %.0f s per run\n\n", r.Time.Format(time.RFC3339), r.Machine, r.DurationSec)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "products\tscenario\tconns\treq/s\tp50 ms\tp95 ms\tp99 ms\terrors\tshopd CPU µs/req\tdb CPU µs/req\tRSS MB (run)\tpeak RSS MB\tgoroutines\t")
	for _, run := range r.Runs {
		g := "-"
		if run.Goroutines > 0 {
			g = strconv.Itoa(run.Goroutines)
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%.0f\t%.2f\t%.2f\t%.2f\t%d\t%.0f\t%.0f\t%.0f\t%.0f\t%s\t\n", run.Products, run.Scenario, run.Conns, run.RPS,
			float64(run.P50US)/1000, float64(run.P95US)/1000, float64(run.P99US)/1000, run.ErrorsStatus+run.ErrorsSocket,
			run.ShopdCPUUS, run.DBCPUUS, run.RunRSSMB, run.PeakRSSMB, g)
	}
	_ = tw.Flush()
	if len(r.Rates) > 0 {
		fmt.Fprintln(w, "\nAt the targets' rates (vegeta, constant rate, at most 32 connections):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "products\tscenario\trate/s\tachieved/s\tsuccess\tp50 ms\tp95 ms\tp99 ms\tmax ms\t")
		for _, rr := range r.Rates {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%.0f\t%.3f\t%.2f\t%.2f\t%.2f\t%.1f\t\n", rr.Products, rr.Scenario, rr.Rate, rr.Achieved,
				rr.Success, rr.P50MS, rr.P95MS, rr.P99MS, rr.MaxMS)
		}
		_ = tw.Flush()
	}
	fmt.Fprintln(w, "\nRPC against pgbench running the same SQL (32 connections):")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "products\tscenario\tRPC req/s\tpgbench tps\tratio\t")
	for _, c := range r.Comparisons {
		fmt.Fprintf(tw, "%d\t%s\t%.0f\t%.0f\t%.2f\t\n", c.Products, c.Scenario, c.RPCPerSec, c.SQLPerSec, c.Ratio)
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "\nStartup and orders:")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "products\tcold start ms (migrations)\twarm start ms\tseed s\torders placed\te-mails sent\toversold\t")
	for _, s := range r.Sizes {
		fmt.Fprintf(tw, "%d\t%.0f\t%.0f\t%.1f\t%d\t%d\t%t\t\n", s.Products, s.ColdStartupMS, s.WarmStartupMS, s.SeedSeconds, s.Orders, s.EmailsSent, s.Oversold)
	}
	_ = tw.Flush()
	if r.Web != nil {
		fmt.Fprintln(w, "\nWeb app (first visit downloads, gzip):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "route\tJS KB\tCSS KB\t")
		for _, s := range r.Web.Sizes {
			fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t\n", s.Route, float64(s.JSGzip)/1024, float64(s.CSSGz)/1024)
		}
		_ = tw.Flush()
		if r.Web.SizeScript != "" {
			fmt.Fprintf(w, "\nnpm run size:\n%s\n", r.Web.SizeScript)
		}
		if r.Web.LighthouseError != "" {
			fmt.Fprintf(w, "\nLighthouse not measured: %s\n", r.Web.LighthouseError)
		}
		if r.Web.LCPError != "" {
			fmt.Fprintf(w, "\nLCP not measured: %s\n", r.Web.LCPError)
		}
		for _, p := range []string{"/", "/todos"} {
			if v, ok := r.Web.LCP[p]; ok {
				fmt.Fprintf(w, "LCP %s: %d ms\n", p, v)
			}
		}
		for p, v := range r.Web.LCP {
			if strings.HasPrefix(p, "/producto/") {
				fmt.Fprintf(w, "LCP %s: %d ms\n", p, v)
			}
		}
	}
}
