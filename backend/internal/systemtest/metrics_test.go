package systemtest

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/dbtest"
)

var metricsListeningAt = regexp.MustCompile(`msg=listening listener=metrics addr=(\S+)`)

// TestMetricsAddr runs `shopd serve` with METRICS_ADDR: /metrics is served
// on that listener only, and the shop's port answers 404 for it. (Without
// METRICS_ADDR the shop's port serves it: TestObservability.)
func TestMetricsAddr(t *testing.T) {
	t.Parallel()
	env := map[string]string{"DATABASE_URL": dbtest.NewURL(t), "SEED_ON_EMPTY": "false"}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	shopd := serve(ctx, env, "--metrics-addr", "127.0.0.1:0")
	shop := shopd.opened(t)
	logs := shopd.logs
	m := metricsListeningAt.FindStringSubmatch(logs.String())
	if m == nil {
		t.Fatalf("no metrics listener in the log:\n%s", logs)
	}
	metrics := "http://" + m[1]

	if got := status(t, shop+"/healthz"); got != http.StatusOK {
		t.Errorf("shop /healthz = %d, want 200", got)
	}
	if got := status(t, shop+"/metrics"); got != http.StatusNotFound {
		t.Errorf("shop /metrics with METRICS_ADDR set = %d, want 404", got)
	}
	res, body := get(t, metrics+"/metrics", nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, `sabores_db_pool_max_conns{pool="primary"}`) ||
		!strings.Contains(body, "go_goroutines") || !strings.Contains(body, "sabores_build_info{") {
		t.Errorf("METRICS_ADDR /metrics = %d:\n%.500s", res.StatusCode, body)
	}
	if got := status(t, metrics+"/"); got != http.StatusNotFound {
		t.Errorf("METRICS_ADDR / = %d, want 404: that listener serves /metrics only", got)
	}

	cancel()
	if err := <-shopd.done; err != nil {
		t.Errorf("serve returned %v after shutdown", err)
	}
}

// TestMetricsAddrTaken: a METRICS_ADDR that cannot be bound stops shopd
// with an error that says so, instead of running without metrics.
func TestMetricsAddrTaken(t *testing.T) {
	t.Parallel()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = taken.Close() }()
	env := map[string]string{"DATABASE_URL": dbtest.NewURL(t), "SEED_ON_EMPTY": "false"}
	shopd := serve(context.Background(), env, "--metrics-addr", taken.Addr().String())
	select {
	case err := <-shopd.done:
		if err == nil || !strings.Contains(err.Error(), "metrics") {
			t.Errorf("serve with METRICS_ADDR taken returned %v, want an error about the metrics listener", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve kept running with METRICS_ADDR taken")
	}
}
