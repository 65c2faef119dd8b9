package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// lighthouseFigures is one page's Lighthouse result (bench/lighthouse/lighthouse.mjs).
type lighthouseFigures struct {
	Performance   int     `json:"performance"`
	Accessibility int     `json:"accessibility"`
	BestPractices int     `json:"bestPractices"`
	SEO           int     `json:"seo"`
	FCPMS         int     `json:"fcpMs"`
	LCPMS         int     `json:"lcpMs"`
	TBTMS         int     `json:"tbtMs"`
	CLS           float64 `json:"cls"`
	// BenchmarkIndex is Lighthouse's measure of the host's CPU: its
	// simulated 4x slowdown means less on a slow host (issue 36 saw 1 100–1 400
	// here against the bench's faster host).
	BenchmarkIndex int `json:"benchmarkIndex"`
	// CPUSlowdown is the run's simulated slowdown: LIGHTHOUSE_CPU_SLOWDOWN,
	// or with LIGHTHOUSE_BENCHMARK_INDEX 4x that class of machine.
	CPUSlowdown float64 `json:"cpuSlowdown"`
	// MainThread is where the main thread's time went (ms by Lighthouse's
	// group, and the scripts that cost most), so a TBT figure comes with
	// what to cut.
	MainThread map[string]int `json:"mainThread"`
	Scripts    map[string]int `json:"scripts"`
	LongTasks  []longTask     `json:"longTasks"`
	// MainWallMS and MainCPUMS are the page's main thread in the trace, in
	// wall and in CPU time (not slowed); OnCPUTime is the page audited with
	// each of its tasks at its CPU time (bench/lighthouse/cpu-time.mjs):
	// what a main thread with a core of its own would have shown. Set only
	// with LIGHTHOUSE_BENCHMARK_INDEX.
	MainWallMS int             `json:"mainWallMs"`
	MainCPUMS  int             `json:"mainCpuMs"`
	OnCPUTime  *cpuTimeFigures `json:"onCpuTime"`
}

// cpuTimeFigures are the performance figures of a page audited on its main
// thread's CPU time.
type cpuTimeFigures struct {
	Performance int `json:"performance"`
	FCPMS       int `json:"fcpMs"`
	LCPMS       int `json:"lcpMs"`
	TBTMS       int `json:"tbtMs"`
}

// longTask is one of a page's longest main-thread tasks as Lighthouse
// simulated it (after the slowdown), with the script it blames: "" or
// "Unattributable" for the browser's own work (style, layout, parsing).
type longTask struct {
	StartMS    int    `json:"startMs"`
	DurationMS int    `json:"durationMs"`
	Script     string `json:"script"`
}

// lighthousePages are the pages issue 20 names (home, a category, a country
// page, /todos and a product page), in Spanish and, under /pt, in
// Portuguese: issue 36 holds both languages to the same targets.
func lighthousePages(productID int64) []string {
	es := []string{"/", "/bebidas", "/brasil", "/todos", "/producto/" + strconv.FormatInt(productID, 10)}
	out := append([]string{}, es...)
	for _, p := range es[1:] {
		out = append(out, "/pt"+p)
	}
	return append(out, "/pt/")
}

// awaitRendered asks for each page until shopd serves it with its content:
// shopd renders pages in the background (backend/internal/prerender), so a
// fresh shopd's first answer is the app's empty shell, which is not what
// shoppers get once the shop runs.
func awaitRendered(ctx context.Context, base string, paths []string) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	for _, p := range paths {
		for {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+p, nil)
			if err != nil {
				return err
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return fmt.Errorf("lighthouse: %s not rendered: %w", p, err)
			}
			body, err := io.ReadAll(res.Body)
			_ = res.Body.Close()
			if err != nil {
				return err
			}
			if bytes.Contains(body, []byte(`id="page-data"`)) {
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("lighthouse: %s not rendered: %w", p, ctx.Err())
			case <-time.After(250 * time.Millisecond):
			}
		}
	}
	return nil
}

// measureLighthouse runs Lighthouse's mobile preset on each page, once
// shopd serves each with its content.
func measureLighthouse(ctx context.Context, base string, paths []string) (map[string]lighthouseFigures, error) {
	if err := awaitRendered(ctx, base, paths); err != nil {
		return nil, err
	}
	// About 40 s a run on 2 cores, three runs a page.
	ctx, cancel := context.WithTimeout(ctx, 20*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", append([]string{"bench/lighthouse/lighthouse.mjs", base}, paths...)...)
	cmd.Env = append(os.Environ(), "CHROME_PATH="+chromiumPath())
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("lighthouse: %w: %s", err, strings.TrimSpace(errOut.String()))
	}
	res := map[string]lighthouseFigures{}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		return nil, fmt.Errorf("lighthouse output: %w", err)
	}
	return res, nil
}

// lighthouseMisses lists what falls short of issue 20's targets: scores of
// 95, first paint within 1.5 s, LCP within 2 s, TBT within 150 ms, CLS
// within 0.05.
func lighthouseMisses(paths []string, res map[string]lighthouseFigures) []string {
	var miss []string
	for _, p := range paths {
		f, ok := res[p]
		if !ok {
			miss = append(miss, p+": not measured")
			continue
		}
		check := func(bad bool, what string) {
			if bad {
				miss = append(miss, p+": "+what)
			}
		}
		check(f.Performance < 95, fmt.Sprintf("performance %d < 95", f.Performance))
		check(f.Accessibility < 95, fmt.Sprintf("accessibility %d < 95", f.Accessibility))
		check(f.BestPractices < 95, fmt.Sprintf("best practices %d < 95", f.BestPractices))
		check(f.SEO < 95, fmt.Sprintf("SEO %d < 95", f.SEO))
		check(f.FCPMS > 1500, fmt.Sprintf("first paint %d ms > 1500", f.FCPMS))
		check(f.LCPMS > 2000, fmt.Sprintf("LCP %d ms > 2000", f.LCPMS))
		check(f.TBTMS > 150, fmt.Sprintf("TBT %d ms > 150", f.TBTMS))
		check(f.CLS > 0.05, fmt.Sprintf("CLS %.3f > 0.05", f.CLS))
	}
	return miss
}

func printLighthouse(w io.Writer, paths []string, res map[string]lighthouseFigures) {
	cpu := cmp.Or(os.Getenv("LIGHTHOUSE_CPU_SLOWDOWN"), "4") + "x CPU"
	if target := os.Getenv("LIGHTHOUSE_BENCHMARK_INDEX"); target != "" {
		cpu = "CPU of a benchmarkIndex " + target + " host slowed 4x"
	}
	fmt.Fprintf(w, "\nLighthouse 12.8, mobile preset (slow 4G, %s), median of runs:\n", cpu)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "page\tperformance\tFCP s\tLCP s\tTBT ms\tCLS\taccessibility\tbest practices\tSEO\tbenchmarkIndex\tslowdown\t")
	for _, p := range paths {
		f, ok := res[p]
		if !ok {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%d\t%.3f\t%d\t%d\t%d\t%d\t%.1f\t\n", p, f.Performance, float64(f.FCPMS)/1000,
			float64(f.LCPMS)/1000, f.TBTMS, f.CLS, f.Accessibility, f.BestPractices, f.SEO, f.BenchmarkIndex, f.CPUSlowdown)
	}
	_ = tw.Flush()
	if slices.ContainsFunc(paths, func(p string) bool { return res[p].OnCPUTime != nil }) {
		fmt.Fprintf(w, "\nThe same runs audited with each main-thread task at its CPU time (bench/lighthouse/cpu-time.mjs),\nand the main thread's wall and CPU time in the trace (ms, not slowed):\n")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "page\tperformance\tFCP s\tLCP s\tTBT ms\tmain wall ms\tmain CPU ms\t")
		for _, p := range paths {
			if f, ok := res[p]; ok && f.OnCPUTime != nil {
				c := f.OnCPUTime
				fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%d\t%d\t%d\t\n", p, c.Performance, float64(c.FCPMS)/1000,
					float64(c.LCPMS)/1000, c.TBTMS, f.MainWallMS, f.MainCPUMS)
			}
		}
		_ = tw.Flush()
	}
	fmt.Fprintf(w, "\nMain thread (ms, after the slowdown), by kind of work and by script:\n")
	for _, p := range paths {
		if f, ok := res[p]; ok {
			fmt.Fprintf(w, "%s\n  %s\n  %s\n  long tasks (start+duration ms):", p, largest(f.MainThread), largest(f.Scripts))
			for _, t := range f.LongTasks {
				script := t.Script
				if script == "" {
					script = "browser"
				}
				fmt.Fprintf(w, " %d+%d %s;", t.StartMS, t.DurationMS, script)
			}
			fmt.Fprintln(w)
		}
	}
}

// largest lists ms's entries, largest first, as "name 123".
func largest(ms map[string]int) string {
	names := make([]string, 0, len(ms))
	for k := range ms {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return ms[names[i]] > ms[names[j]] })
	parts := make([]string, 0, len(names))
	for _, k := range names {
		parts = append(parts, fmt.Sprintf("%s %d", k, ms[k]))
	}
	return strings.Join(parts, ", ")
}

// runLighthouseOnly is `go run ./bench lighthouse` (./task lighthouse): a
// release shopd on a fresh database of 1 000 seeded products, Lighthouse on
// issue 20's pages, the table, and a failure when a target is missed.
func runLighthouseOnly(ctx context.Context, cfg config, shopd string) error {
	const name = "sabores_bench_lighthouse"
	dsn, drop, err := freshDatabase(ctx, cfg.adminURL, name, "")
	if err != nil {
		return err
	}
	defer drop()
	// Migrations run on shopd's first start; seeding needs the tables.
	work := filepath.Join(cfg.dir, "work")
	srv, _, err := startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-lighthouse-cold.log"))
	if err != nil {
		return err
	}
	srv.stop()
	if err := seedProducts(ctx, shopd, dsn, work, 1000); err != nil {
		return err
	}
	smp, err := sample(ctx, dsn)
	if err != nil {
		return err
	}
	srv, _, err = startShopd(ctx, cfg, shopd, dsn, filepath.Join(work, "shopd-lighthouse.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	paths := lighthousePages(smp.hotIDs[0])
	log.Printf("Lighthouse on %s", strings.Join(paths, " "))
	res, err := measureLighthouse(ctx, srv.base, paths)
	if err != nil {
		return err
	}
	printLighthouse(os.Stdout, paths, res)
	if miss := lighthouseMisses(paths, res); len(miss) > 0 {
		return errors.New("below issue 20's targets:\n  " + strings.Join(miss, "\n  "))
	}
	return nil
}
