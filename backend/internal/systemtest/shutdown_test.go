package systemtest

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sabores/sabores/backend/internal/testwait"

	"connectrpc.com/connect"
	"github.com/google/uuid"

	"github.com/sabores/sabores/backend/internal/dbtest"
	saboresv1 "github.com/sabores/sabores/gen/go/sabores/v1"
)

// TestShutdownUnderLoad stops `shopd serve` (what SIGTERM does: Main
// cancels Run's context) while shoppers browse and one order waits on a
// row lock: the order in flight completes, new connections are refused, and
// serve returns within 10 s.
func TestShutdownUnderLoad(t *testing.T) {
	t.Parallel()
	direct := dbtest.New(t)
	ctx := context.Background()
	guarana(t, direct, 1000)
	_, token := signIn(t, direct, "late-shopper")

	env := map[string]string{
		"DATABASE_URL":     dbtest.URL(direct),
		"SEED_ON_EMPTY":    "false",
		"SHUTDOWN_TIMEOUT": "8s",
	}
	runCtx, sigterm := context.WithCancel(ctx)
	defer sigterm()
	shopd := serve(runCtx, env)
	base := shopd.opened(t)

	// Hold the product's row so the order waits inside its transaction.
	tx, err := direct.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, `SELECT 1 FROM products WHERE id = 1 FOR UPDATE`); err != nil {
		t.Fatal(err)
	}
	ordered := make(chan error, 1)
	go func() {
		_, err := placeOrder(ctx, orderClient(base, token), uuid.NewString(), 2)
		ordered <- err
	}()
	testwait.Until(t, 5*time.Second, "the order to wait on the row lock", func() bool {
		var waiting int
		_ = direct.QueryRow(ctx, `SELECT count(*) FROM pg_locks WHERE NOT granted`).Scan(&waiting)
		return waiting > 0
	})

	var (
		browsed atomic.Int64
		stop    atomic.Bool
		wg      sync.WaitGroup
	)
	for range 6 {
		wg.Go(func() {
			c := catalogClient(base)
			for !stop.Load() {
				if _, err := c.GetProduct(ctx, connect.NewRequest(&saboresv1.GetProductRequest{Id: 1})); err != nil {
					return
				}
				browsed.Add(1)
			}
		})
	}
	testwait.Until(t, 5*time.Second, "shoppers browsing", func() bool { return browsed.Load() > 0 })

	sigterm()
	stopped := time.Now()
	time.Sleep(200 * time.Millisecond)
	fresh := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 2 * time.Second}
	if res, err := fresh.Get(base + "/healthz"); err == nil {
		_ = res.Body.Close()
		t.Errorf("a new connection was served during shutdown: %d", res.StatusCode)
	}
	time.Sleep(300 * time.Millisecond)
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-ordered:
		if err != nil {
			t.Errorf("the order in flight at shutdown failed: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("the order in flight never finished")
	}
	select {
	case err := <-shopd.done:
		if err != nil {
			t.Errorf("serve returned %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve still running 10 s after SIGTERM")
	}
	t.Logf("stopped %s after SIGTERM; %d product reads served meanwhile", time.Since(stopped).Round(time.Millisecond), browsed.Load())
	stop.Store(true)
	wg.Wait()
	var orders int
	if err := direct.QueryRow(ctx, `SELECT count(*) FROM orders`).Scan(&orders); err != nil || orders != 1 {
		t.Errorf("orders after shutdown = %d (%v), want 1", orders, err)
	}
}
