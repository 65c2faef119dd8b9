package metrics_test

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sabores/sabores/backend/internal/metrics"
	"github.com/sabores/sabores/backend/internal/prerender"
)

// TestPrerenderCollector: nothing before a cache runs (a shop without the
// app's server bundle renders nothing), then the cache's counts, the
// series the Grafana dashboard's hit ratio and the render alert read.
func TestPrerenderCollector(t *testing.T) {
	t.Parallel()
	c := &metrics.PrerenderCollector{}
	if n := testutil.CollectAndCount(c); n != 0 {
		t.Errorf("%d series before a cache runs, want none", n)
	}
	c.Watch(func() prerender.Stats { return prerender.Stats{Hits: 8, Stale: 1, Misses: 1, Rendered: 2, Failed: 1} })
	want := `
# HELP sabores_prerender_pages_total Public page requests by what the render cache had: hit (current), stale (out of date, sent and re-rendered), miss (none, the empty shell sent). The hit ratio is hit over all three.
# TYPE sabores_prerender_pages_total counter
sabores_prerender_pages_total{outcome="hit"} 8
sabores_prerender_pages_total{outcome="miss"} 1
sabores_prerender_pages_total{outcome="stale"} 1
# HELP sabores_prerender_renders_total Renders by result: rendered, failed (an error or timeout, logged), dropped (the queue was full).
# TYPE sabores_prerender_renders_total counter
sabores_prerender_renders_total{result="dropped"} 0
sabores_prerender_renders_total{result="failed"} 1
sabores_prerender_renders_total{result="rendered"} 2
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want)); err != nil {
		t.Error(err)
	}
}
