package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// namedQueries reads the sqlc query files, so pgbench runs exactly the SQL
// the services run, keyed by the "-- name: X" they carry.
func namedQueries(files ...string) (map[string]string, error) {
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var name string
		var body []string
		flush := func() {
			if name != "" {
				// sqlc.embed(p) is p.* to PostgreSQL.
				sql := sqlcEmbed.ReplaceAllString(strings.Join(body, "\n"), "$1.*")
				out[name] = strings.TrimSuffix(strings.TrimSpace(sql), ";")
			}
			name, body = "", nil
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "-- name: "); ok {
				flush()
				name = strings.Fields(rest)[0]
				continue
			}
			if name == "" || strings.HasPrefix(strings.TrimSpace(line), "--") {
				continue
			}
			body = append(body, line)
		}
		flush()
	}
	return out, nil
}

var (
	sqlcParam = regexp.MustCompile(`@([a-z_]+)`)
	sqlcEmbed = regexp.MustCompile(`sqlc\.embed\(([a-z_]+)\)`)
)

// bind replaces sqlc's @params: those in vars become pgbench variables
// (:name, set by \set lines), the others the SQL literal given.
func bind(query string, literals map[string]string) string {
	return sqlcParam.ReplaceAllStringFunc(query, func(m string) string {
		if v, ok := literals[m[1:]]; ok {
			return v
		}
		return ":" + m[1:]
	})
}

// pgbenchScripts are the statements of the cold list, detail and search
// scenarios, in the order the services send them. Promotions come from
// shopd's in-memory snapshot (cataloguecache.PromotionSnapshot), so no
// promotion query is part of a read.
func pgbenchScripts(q map[string]string, minID, maxID int64, categories []string, searchTerms []string) (map[string]string, error) {
	for _, n := range []string{"CountProducts", "ListProductsByName", "GetOnlineProductPage", "SearchProductsByPrefix", "SearchProductsContaining"} {
		if q[n] == "" {
			return nil, fmt.Errorf("pgbench: query %s not found", n)
		}
	}
	lit := func(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
	category := categories[0]
	list := fmt.Sprintf("\\set page random(0, 20)\n\\set page_limit 20\n\\set page_offset :page * 20\n%s;\n%s;\n",
		bind(q["CountProducts"], map[string]string{"category": lit(category), "online_category": "''"}),
		bind(q["ListProductsByName"], map[string]string{"category": lit(category), "online_category": "''"}))
	detail := fmt.Sprintf("\\set id random(%d, %d)\n%s;\n", minID, maxID, q["GetOnlineProductPage"])
	detail = strings.Replace(detail, "@id", ":id", 1)
	term := searchTerms[len(searchTerms)/2]
	search := fmt.Sprintf("\\set max_results 10\n%s;\n%s;\n",
		bind(q["SearchProductsByPrefix"], map[string]string{"pattern": lit(term)}),
		bind(q["SearchProductsContaining"], map[string]string{"pattern": lit(term), "max_results": "10"}))
	return map[string]string{"list": list, "detail": detail, "search": search}, nil
}

// pgbenchResult is what pgbench measured.
type pgbenchResult struct {
	Script string  `json:"script"`
	TPS    float64 `json:"tps"`
	Conns  int     `json:"conns"`
}

var tpsLine = regexp.MustCompile(`tps = ([0-9.]+) \(without initial connection time\)`)

// runPgbench runs script with conns connections for d against dsn.
func runPgbench(ctx context.Context, dir, dsn, name, script string, conns int, d time.Duration) (pgbenchResult, error) {
	file := filepath.Join(dir, "pgbench-"+name+".sql")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		return pgbenchResult{}, err
	}
	return pgbenchTPS(ctx, dsn, name, conns, d, "-M", "prepared", "-f", file)
}

// pgbenchTPS runs pgbench with args (a script, or a built-in one) with
// conns connections for d against dsn.
func pgbenchTPS(ctx context.Context, dsn, name string, conns int, d time.Duration, args ...string) (pgbenchResult, error) {
	args = append([]string{"-n", "-c", strconv.Itoa(conns), "-j", strconv.Itoa(min(conns, 2)), "-T", strconv.Itoa(int(d.Seconds()))}, args...)
	cmd := exec.CommandContext(ctx, pgbenchPath(), append(args, dsn)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return pgbenchResult{}, fmt.Errorf("pgbench %s: %w\n%s", name, err, out.String())
	}
	m := tpsLine.FindStringSubmatch(out.String())
	if m == nil {
		return pgbenchResult{}, fmt.Errorf("pgbench %s: no tps in output\n%s", name, out.String())
	}
	tps, _ := strconv.ParseFloat(m[1], 64)
	return pgbenchResult{Script: name, TPS: tps, Conns: conns}, nil
}

func pgbenchPath() string {
	if p, err := exec.LookPath("pgbench"); err == nil {
		return p
	}
	return "/usr/lib/postgresql/15/bin/pgbench"
}
