package main

import (
	"bytes"
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
}

// lighthousePages are the pages issue 20 names: home, a category, a country
// page, /todos and a product page.
func lighthousePages(productID int64) []string {
	return []string{"/", "/bebidas", "/brasil", "/todos", "/producto/" + strconv.FormatInt(productID, 10)}
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
	fmt.Fprintln(w, "\nLighthouse 12.8, mobile preset (slow 4G, 4x CPU), median of runs:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "page\tperformance\tFCP s\tLCP s\tTBT ms\tCLS\taccessibility\tbest practices\tSEO\t")
	for _, p := range paths {
		f, ok := res[p]
		if !ok {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%d\t%.3f\t%d\t%d\t%d\t\n", p, f.Performance, float64(f.FCPMS)/1000,
			float64(f.LCPMS)/1000, f.TBTMS, f.CLS, f.Accessibility, f.BestPractices, f.SEO)
	}
	_ = tw.Flush()
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
