package systemtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/sabores/sabores/backend/internal/connecttest"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/config"
	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

func get(t *testing.T, u string, header http.Header) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close()
	return res, string(body)
}

// TestObservability runs calls through shopd's full handler and reads
// /metrics (calls by code, latency, pool, orders), the security headers
// and CORS answers, and the log: every record of an RPC names its request
// id and procedure.
func TestObservability(t *testing.T) {
	t.Parallel()
	direct := dbtest.New(t)
	ctx := context.Background()
	guarana(t, direct, 10)
	_, token := signIn(t, direct, "observed")
	logs := &logBuffer{}
	shop := newTestShop(t, dbtest.URL(direct), logs)

	c := catalogClient(shop.URL)
	if _, err := c.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 1})); err != nil {
		t.Fatal(err)
	}
	if _, err := c.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 999})); connecttest.Code(err) != connect.CodeNotFound {
		t.Fatalf("GetProduct(999) = %v, want NotFound", err)
	}
	if _, err := placeOrder(ctx, orderClient(shop.URL, token), uuid.NewString(), 1); err != nil {
		t.Fatal(err)
	}

	res, metrics := get(t, shop.URL+"/metrics", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/metrics = %d", res.StatusCode)
	}
	for _, want := range []string{
		`sabores_rpc_calls_total{code="ok",procedure="/sabores.v1.CatalogService/GetProduct"} 1`,
		`sabores_rpc_calls_total{code="not_found",procedure="/sabores.v1.CatalogService/GetProduct"} 1`,
		`sabores_rpc_duration_seconds_count{procedure="/sabores.v1.CatalogService/GetProduct"} 2`,
		`sabores_orders_placed_total 1`,
		fmt.Sprintf(`sabores_db_pool_max_conns{pool="primary"} %d`, config.Default().DBMaxConns),
		`sabores_db_pool_total_conns{pool="primary"}`,
		`go_goroutines`,
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}

	res, _ = get(t, shop.URL+"/", nil)
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
		if res.Header.Get(h) == "" {
			t.Errorf("the web app is served without %s", h)
		}
	}
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Error("HSTS sent over plain HTTP")
	}
	res, _ = get(t, shop.URL+"/sabores.v1.CatalogService/ListCountries?connect=v1&encoding=json&message=%7B%7D",
		http.Header{"Origin": {"https://evil.example"}})
	if res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("CORS allowed a foreign origin: %q", res.Header.Get("Access-Control-Allow-Origin"))
	}
	if res.Header.Get("Content-Security-Policy") == "" {
		t.Error("an RPC is answered without the security headers")
	}

	var rpcLines int
	for _, line := range strings.Split(logs.String(), "\n") {
		if !strings.Contains(line, "procedure=") {
			continue
		}
		rpcLines++
		if !strings.Contains(line, "request_id=") {
			t.Errorf("log record of an RPC without its request id: %s", line)
		}
	}
	if rpcLines < 3 {
		t.Errorf("%d log records name a procedure, want one per call at least:\n%s", rpcLines, logs)
	}
}
